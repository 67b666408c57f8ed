/** What other features use of the address picker: the picker and the value 'Confirmar' gives. */
export { AddressPicker } from './components/address-picker';
export type { AddressValue } from './lib/feature-to-address';

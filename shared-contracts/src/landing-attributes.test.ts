import { LANDING_ATRIBUTOS, landingPath, landingTitle, parseLandingPath } from './landing';

describe('issue 42: landing pages with an attribute after the place', () => {
  it('reads and writes /alquiler/apartamento/piantini/amueblado', () => {
    expect(parseLandingPath('/alquiler/apartamento/piantini/amueblado')).toEqual({ proposito: 'alquiler', propiedad: 'Apartamento', lugar: 'piantini', atributo: 'amueblado' });
    expect(landingPath({ proposito: 'alquiler', propiedad: 'Apartamento', lugar: 'Piantini', atributo: 'amueblado' })).toBe('/alquiler/apartamento/piantini/amueblado');
    // an attribute only after a place
    expect(landingPath({ proposito: 'venta', propiedad: 'Casa', atributo: 'con-piscina' })).toBe('/venta/casa');
  });
  it('unknown attributes, attributes of land, and inherited names are no page', () => {
    for (const p of ['/alquiler/apartamento/piantini/barato', '/venta/solar/piantini/amueblado', '/venta/terreno/piantini/en-planos', '/venta/casa/naco/constructor', '/venta/casa/naco/amueblado/x'])
      expect(parseLandingPath(p)).toBeNull();
  });
  it('titles agree with the type', () => {
    expect(landingTitle('alquiler', 'Apartamento', 'Piantini', 'amueblado')).toBe('Apartamentos amueblados en alquiler en Piantini');
    expect(landingTitle('alquiler', 'Casa', 'Naco', 'amueblado')).toBe('Casas amuebladas en alquiler en Naco');
    expect(landingTitle('venta', 'Apartamento', 'Piantini', 'en-planos')).toBe('Apartamentos en planos en venta en Piantini');
    expect(landingTitle('venta', 'Villa', 'Cap Cana', 'con-planta')).toBe('Villas con planta eléctrica full en venta en Cap Cana');
  });
  it('every attribute filters with values the search accepts', async () => {
    const { filtersSchema } = await import('./schemas');
    for (const a of Object.values(LANDING_ATRIBUTOS)) expect(filtersSchema.parse(a.filtros)).toEqual(a.filtros);
  });
});

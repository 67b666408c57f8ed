/**
 * A button that reveals a contact link once (SPEC §2: hidden until clicked, the reveal is not
 * reversed). The value is not in the page, nor in the list or detail answers, until the click:
 * the press asks the API for it (use-contacto.ts), so it is not scraped from markup or by paging.
 */
import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import type { ContactCanal } from 'shared-contracts';
import { useContacto } from '../hooks/use-contacto';

export interface ContactRevealProps {
  anuncioId: string;
  canal: ContactCanal;
  label: string;
  icon?: ReactNode;
  block?: boolean;
}

export function ContactReveal({ anuncioId, canal, label, icon, block }: ContactRevealProps) {
  const { state, reveal } = useContacto(anuncioId, canal);
  if (state.status === 'revealed') {
    return (
      <a href={state.href} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 32, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {icon}
        {state.text}
      </a>
    );
  }
  return (
    <WithRevealError message={state.status === 'error' ? state.message : null}>
      <Button icon={icon} block={block} loading={state.status === 'loading'} onClick={() => void reveal()}>
        {label}
      </Button>
    </WithRevealError>
  );
}

/** A reveal button with the contact call's refusal (limit, gone) announced under it. */
export function WithRevealError({ message, children }: { message: string | null; children: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}>
      {children}
      {message && (
        <span role="alert" style={{ color: '#cf1322', fontSize: 13 }}>
          {message}
        </span>
      )}
    </span>
  );
}

/**
 * A button that reveals a contact link once (SPEC §2: hidden until clicked, the reveal is not
 * reversed). The value is not in the page until the click, so it is not scraped from the markup.
 */
import { useState, type ReactNode } from 'react';
import Button from 'antd/es/button';

export interface ContactRevealProps {
  label: string;
  href: string;
  text: string;
  icon?: ReactNode;
  block?: boolean;
}

export function ContactReveal({ label, href, text, icon, block }: ContactRevealProps) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) {
    return (
      <a href={href} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 32, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {icon}
        {text}
      </a>
    );
  }
  return (
    <Button icon={icon} block={block} onClick={() => setRevealed(true)}>
      {label}
    </Button>
  );
}

/**
 * The card box and the small labels of the listing screens, drawn with the theme's tokens (light
 * and dark follow the shell's ConfigProvider). antd's Card and Tag would bring Tabs, Dropdown and
 * Menu to every listing page for a bordered box and a label (decision 0004).
 */
import type { CSSProperties, ReactNode } from 'react';
import theme from 'antd/es/theme';

export function Surface({ as: Element = 'div', className, style, children }: { as?: 'div' | 'article'; className?: string; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Element
      className={className}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        boxSizing: 'border-box',
        ...style,
      }}
    >
      {children}
    </Element>
  );
}

/** A label; `solid` is a background colour for white text (at least 4.5:1 contrast). */
export function Chip({ solid, children }: { solid?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      className="listing-chip"
      style={{
        display: 'inline-block',
        fontSize: token.fontSizeSM,
        lineHeight: '20px',
        padding: '0 7px',
        borderRadius: token.borderRadiusSM,
        border: `1px solid ${solid ?? token.colorBorder}`,
        background: solid ?? token.colorFillQuaternary,
        color: solid ? '#fff' : token.colorText,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}

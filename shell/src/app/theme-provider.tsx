/** antd theme: the SPEC's breakpoints and brand colour, dark/light/auto from the store. */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import esES from 'antd/es/locale/es_ES';
import { ANTD_THEME_TOKENS } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const subscribeDark = (onChange: () => void) => {
  const mql = window.matchMedia?.(DARK_QUERY);
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
};

/** Light on the server and while hydrating (the server cannot know), then the browser's preference. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribeDark, () => window.matchMedia?.(DARK_QUERY).matches ?? false, () => false);
}

/**
 * WCAG AA text contrast (4.5:1) per scheme, found by axe (e2e/tests/a11y.spec.ts): antd's default
 * link blue, error red, secondary text and the primary button's hover fall short on the page
 * backgrounds (#fafafa light, #141414 dark).
 */
const CONTRAST_TOKENS = {
  light: { colorLink: '#c2410c', colorError: '#cf1322', colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorPrimaryHover: '#9a3412' },
  dark: { colorLink: '#fdba74', colorError: '#ff7875' },
} as const;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = usePortalStore((s) => s.colorScheme);
  const prefersDark = usePrefersDark();
  const dark = scheme === 'dark' || (scheme === 'auto' && prefersDark);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <ConfigProvider
      locale={esES}
      theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { ...ANTD_THEME_TOKENS, ...CONTRAST_TOKENS[dark ? 'dark' : 'light'] } }}
    >
      {children}
    </ConfigProvider>
  );
}

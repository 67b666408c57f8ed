/**
 * antd components the shell PROVIDES to the remotes (shared under 'antd/', remotes import:false).
 * They sit behind lazy imports that are never called, so each becomes its own chunk, fetched
 * only when a remote asks for it; the shell's first page pays for none of them.
 * A remote that uses a component missing here fails to load it: add it to this list.
 * (docs/decisions/0002-antd-sharing.md)
 */
export const providedAntdComponents = () => [
  import('antd/es/alert'),
  import('antd/es/app'),
  import('antd/es/auto-complete'),
  import('antd/es/badge'),
  import('antd/es/button'),
  import('antd/es/card'),
  import('antd/es/carousel'),
  import('antd/es/checkbox'),
  import('antd/es/col'),
  import('antd/es/collapse'),
  import('antd/es/config-provider'),
  import('antd/es/divider'),
  import('antd/es/drawer'),
  import('antd/es/dropdown'),
  import('antd/es/empty'),
  import('antd/es/flex'),
  import('antd/es/float-button'),
  import('antd/es/form'),
  import('antd/es/grid'),
  import('antd/es/image'),
  import('antd/es/input'),
  import('antd/es/input-number'),
  import('antd/es/list'),
  import('antd/es/message'),
  import('antd/es/modal'),
  import('antd/es/pagination'),
  import('antd/es/popconfirm'),
  import('antd/es/popover'),
  import('antd/es/progress'),
  import('antd/es/radio'),
  import('antd/es/result'),
  import('antd/es/row'),
  import('antd/es/segmented'),
  import('antd/es/select'),
  import('antd/es/skeleton'),
  import('antd/es/space'),
  import('antd/es/spin'),
  import('antd/es/switch'),
  import('antd/es/tag'),
  import('antd/es/theme'),
  import('antd/es/tooltip'),
  import('antd/es/typography'),
  import('antd/es/upload'),
];

// Keep the function reachable for the bundler without ever calling it.
(globalThis as { __portalAntd?: unknown }).__portalAntd = providedAntdComponents;

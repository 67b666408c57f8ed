/**
 * A page's error or not-found panel (antd's Result), loaded only when one is shown: pages do not
 * carry it on their first load (docs/decisions/0004-first-load-budget.md). Until it arrives the
 * same title and actions show as plain content, so the way out works at once.
 */
import { lazy, Suspense, type ReactNode } from 'react';

const Result = lazy(() => import('antd/es/result'));

export interface StatusPanelProps {
  status: 'warning' | '404' | 'error';
  title: string;
  subTitle?: string;
  /** Buttons: the primary one first. */
  actions: ReactNode;
}

export function StatusPanel({ status, title, subTitle, actions }: StatusPanelProps) {
  return (
    <Suspense
      fallback={
        <div role="alert" style={{ textAlign: 'center', padding: 32 }}>
          <p>{title}</p>
          {actions}
        </div>
      }
    >
      <Result status={status} title={title} subTitle={subTitle} extra={actions} />
    </Suspense>
  );
}

/** The frame every account screen shares: a centred card with the screen's title. */
import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';

export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 12px' }}>
      <Card style={{ width: '100%', maxWidth: 460 }}>
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}

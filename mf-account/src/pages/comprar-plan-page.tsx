/** /comprarPlanPage — plans and purchase. */
import Typography from 'antd/es/typography';
import { MSG } from 'shared-contracts';
import { PlansGrid } from '../features/plans/components/plans-grid';

export default function ComprarPlanPage() {
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 12px' }}>
      <Typography.Title level={1} style={{ fontSize: 28, textAlign: 'center' }}>
        {MSG.eligeTuPlan}
      </Typography.Title>
      <PlansGrid />
    </div>
  );
}

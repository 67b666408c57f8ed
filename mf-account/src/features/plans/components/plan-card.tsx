/**
 * One plan of SPEC §9. The current plan is highlighted in yellow with dark text (13:1 contrast in
 * light and dark themes) and labelled in words, so colour is not the only signal.
 */
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { MSG, RUNTIME_CONFIG_DEFAULTS, planBenefits, type Plan } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

const HIGHLIGHT = { background: '#ffe58f', borderColor: '#ad8b00', color: '#1f1f1f' } as const;

export interface PlanCardProps {
  plan: Plan;
  current: boolean;
  actionLabel: string;
  loading: boolean;
  disabled: boolean;
  onChoose(plan: Plan): void;
}

export function PlanCard({ plan, current, actionLabel, loading, disabled, onChoose }: PlanCardProps) {
  // how long a listing shows, as the API applies it (LISTING_TTL_DAYS, served in /config.json)
  const listingTtlDays = usePortalStore((s) => s.config?.listingTtlDays ?? RUNTIME_CONFIG_DEFAULTS.listingTtlDays);
  const headingId = `plan-${plan.count}`;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      data-current={current}
      style={{ height: '100%', ...(current ? { ...HIGHLIGHT, borderWidth: 2 } : {}) }}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%', gap: 8 } }}
    >
      <h2 id={headingId} style={{ margin: 0, fontSize: 22, color: current ? HIGHLIGHT.color : undefined }}>
        {plan.name}
      </h2>
      {/* its own light background: in the dark theme antd's gold tag is dark brown under dark text */}
      {current && (
        <Tag color="gold" style={{ alignSelf: 'flex-start', color: HIGHLIGHT.color, background: '#fffbe6' }}>
          Tu plan actual
        </Tag>
      )}
      <div style={{ fontSize: 20, fontWeight: 600 }}>{plan.price}</div>
      <ul style={{ paddingLeft: 20, margin: 0, flex: 1 }}>
        {planBenefits(plan, listingTtlDays).map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      {plan.selectable ? (
        <Button type="primary" loading={loading} disabled={disabled} onClick={() => onChoose(plan)} block>
          {actionLabel}
        </Button>
      ) : (
        <Button disabled block>
          {MSG.proximamente}
        </Button>
      )}
    </Card>
  );
}

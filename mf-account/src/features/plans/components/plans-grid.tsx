/**
 * The plans page body (SPEC §2 Plans, §9): four cards side by side on wide screens, stacked below
 * 'sm'. A visitor's choice is remembered and leads to /signup; a logged-in user buys the plan.
 */
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { useNavigate } from 'web-runtime/router';
import { MSG, PLANS, ROUTES, type Plan } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { rememberChosenPlan } from '../../../lib/chosen-plan';
import { FormError } from '../../../components/form-error';
import { useComprarPlan } from '../hooks/use-comprar-plan';
import { PlanCard } from './plan-card';

export function PlansGrid() {
  const navigate = useNavigate();
  const isLoggedIn = usePortalStore((s) => s.isLoggedIn);
  const miPlan = usePortalStore((s) => s.miPlan);
  const { run, status, error, loading } = useComprarPlan();

  function choose(plan: Plan) {
    if (!isLoggedIn) {
      rememberChosenPlan(plan.count);
      navigate(ROUTES.signup);
      return;
    }
    void run(plan.count);
  }

  return (
    <>
      <Row gutter={[16, 16]} align="stretch" data-testid="plans-row">
        {PLANS.map((plan) => (
          <Col key={plan.count} xs={24} sm={12} md={6}>
            <PlanCard
              plan={plan}
              current={miPlan === plan.count}
              actionLabel={isLoggedIn ? 'Comprar' : 'Elegir'}
              loading={loading}
              disabled={status === 'success'}
              onChoose={choose}
            />
          </Col>
        ))}
      </Row>
      <FormError error={error} />
      {status === 'success' && (
        <div role="status" style={{ marginTop: 16, textAlign: 'center' }}>
          <p style={{ fontSize: 18, fontWeight: 600 }}>{MSG.compraExitosa}</p>
          <Button type="primary" onClick={() => navigate(ROUTES.agregarAnuncio)}>
            Agregar Anuncio
          </Button>
        </div>
      )}
    </>
  );
}

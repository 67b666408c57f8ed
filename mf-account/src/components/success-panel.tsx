/**
 * A finished step: the SPEC's success text and the button that leads on (usually Back to Login).
 * `info`: a step already done before (a one-time link opened again, issue 39), said plainly,
 * never as an error; `secondary` offers the way to do it again.
 */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'web-runtime/router';
import { MSG, ROUTES } from 'shared-contracts';

export function SuccessPanel({
  title,
  subTitle,
  buttonLabel = MSG.backToLogin,
  to = ROUTES.login,
  status = 'success',
  secondary,
}: {
  title: string;
  subTitle?: string;
  buttonLabel?: string;
  to?: string;
  status?: 'success' | 'info';
  secondary?: { label: string; to: string };
}) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={<span role="status">{title}</span>}
      subTitle={subTitle}
      extra={[
        <Button key="main" type="primary" onClick={() => navigate(to)}>
          {buttonLabel}
        </Button>,
        secondary && (
          <Button key="secondary" onClick={() => navigate(secondary.to)}>
            {secondary.label}
          </Button>
        ),
      ]}
    />
  );
}

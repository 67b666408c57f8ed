/** A finished step: the SPEC's success text and the button that leads on (usually Back to Login). */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'web-runtime/router';
import { MSG, ROUTES } from 'shared-contracts';

export function SuccessPanel({
  title,
  subTitle,
  buttonLabel = MSG.backToLogin,
  to = ROUTES.login,
}: {
  title: string;
  subTitle?: string;
  buttonLabel?: string;
  to?: string;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={<span role="status">{title}</span>}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(to)}>
          {buttonLabel}
        </Button>
      }
    />
  );
}

/**
 * The sign-in panel of the cart (and of /login): username, password (Enter submits), the
 * forgot-password link, the register button and three social sign-in buttons, all coming
 * back to `redirectTo`. It posts to the route it sits on (intent=login); the action keeps
 * the token in the session cookie and redirects.
 */
import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { LoginFormFields, useLoginForm, type LoginResult } from '~/components/auth/login-form-fields';
import { useT } from '~/models/i18n';

type LoginActionData = { intent?: string; lastResult?: LoginResult };

export const SOCIAL_PROVIDERS = [
  { id: 'facebook', key: 'login_social_facebook', color: '#1877F2' },
  { id: 'google', key: 'login_social_google', color: '#3C4043' },
  { id: 'line', key: 'login_social_line', color: '#06C755' },
] as const;

export function LoginPanel({ redirectTo, description }: { redirectTo: string; description?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const actionData = useActionData<LoginActionData>();
  const lastResult = actionData?.intent === 'login' ? actionData.lastResult : undefined;
  const [form, fields] = useLoginForm({ id: 'cart-login-form', lastResult });
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'login';
  const back = encodeURIComponent(redirectTo);

  return (
    <section className="ck-block ck-signin" data-testid="login-panel" aria-labelledby="login-panel-title">
      <h2 id="login-panel-title" className="ck-signin-title">
        {t('login_title')}
      </h2>
      <p className="ck-muted ck-signin-lead">{description ?? t('login_description')}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirect" value={redirectTo} />
        <div className="ck-stack">
          <LoginFormFields form={form} fields={fields} submitting={submitting} forgotTestId="forgot-link" submitTestId="login-submit" />
        </div>
      </Form>

      <div className="ck-signin-part">
        <p className="ck-muted pay-sm ck-gap-bottom-3">{t('login_social_title')}</p>
        <div className="ck-stack-2" data-testid="social-login">
          {SOCIAL_PROVIDERS.map((provider) => (
            <a key={provider.id} className="ck-social" href={`/login/social/${provider.id}?redirect=${back}`} data-provider={provider.id}>
              <span aria-hidden className="ck-social-dot" style={{ background: provider.color }} />
              {t(provider.key)}
            </a>
          ))}
        </div>
      </div>

      <div className="ck-signin-part ck-between">
        <span className="ck-strong">{t('login_register_title')}</span>
        <a href={`/register?redirect=${back}`} className="ck-register" data-testid="register-link">
          {t('login_register_button')}
        </a>
      </div>
    </section>
  );
}

/**
 * /admin/mails: the mails the CMS's outbox keeps failing to send (ADR 199), newest first: to
 * whom, the subject, how many attempts, the last error and when it tries again; "Send again"
 * puts one back in the queue now. Shop administrators only; the CMS checks the role again.
 */
import { chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { requireShopAdmin } from '~/lib/admin.server';
import { listFailingMails, retryMail } from '~/lib/admin-mails.server';
import { CmsApiError } from '~/lib/cms.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { formatBangkokDateTime } from '~/lib/orders.server';
import { textsOfMatches, translatorFromTexts, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const mails = await listFailingMails({ jwt: admin.jwt, locale, signal: request.signal });
  return data(
    {
      mails: mails.map((mail) => ({
        ...mail,
        createdAt: formatBangkokDateTime(mail.createdAt, locale),
        nextAttemptAt: formatBangkokDateTime(mail.nextAttemptAt, locale),
      })),
    },
    { headers: { 'Cache-Control': PRIVATE_PAGE } },
  );
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_nav_mails ?? 'Mails'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const RetrySchema = z.object({ intent: z.literal('retry'), mailId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const reply = (ok: boolean, message: string, status = 200) => data({ ok, message }, { status, headers: { 'Cache-Control': PRIVATE_PAGE } });
  const parsed = RetrySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return reply(false, t('error_validation_error'), 400);
  try {
    await retryMail(parsed.data.mailId, { jwt: admin.jwt, locale, signal: request.signal });
    return reply(true, t('admin_mails_retried'));
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 404) return reply(false, t('admin_mails_gone'), 404);
    throw error;
  }
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <chakra.p fontSize="sm" overflowWrap="anywhere">
      <chakra.span color="fg.muted">{label}: </chakra.span>
      {children}
    </chakra.p>
  );
}

export default function AdminMails() {
  const { mails } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const t = useT();
  return (
    <chakra.section aria-labelledby="admin-mails-title" data-testid="admin-mails" minW="0">
      <chakra.h1 id="admin-mails-title" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
        {t('admin_nav_mails')}
      </chakra.h1>
      <chakra.p color="fg.muted" mt="1" mb="5">
        {t('admin_mails_intro')}
      </chakra.p>
      <chakra.p role="status" aria-live="polite" data-testid="admin-mails-notice" color={result?.ok ? 'green.700' : 'red.700'} fontWeight="600" mb={result ? '4' : '0'}>
        {result?.message}
      </chakra.p>
      {mails.length === 0 ? (
        <chakra.p borderWidth="1px" borderColor="border" borderRadius="xl" p="6" textAlign="center" color="fg.muted" data-testid="admin-mails-empty">
          {t('admin_mails_empty')}
        </chakra.p>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="3">
          {mails.map((mail) => (
            <chakra.li key={mail.id} data-testid="admin-mail" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg" p="4" display="grid" gap="1" minW="0">
              <chakra.p fontWeight="700" overflowWrap="anywhere">
                {mail.subject}
              </chakra.p>
              <Detail label={t('admin_mails_to')}>{mail.to}</Detail>
              <Detail label={t('admin_mails_created')}>{mail.createdAt ?? '-'}</Detail>
              <Detail label={t('admin_mails_next')}>{mail.nextAttemptAt ?? '-'}</Detail>
              <chakra.p fontSize="sm">{t('admin_mails_attempts', { count: mail.attempts })}</chakra.p>
              {mail.lastError ? (
                <Detail label={t('admin_mails_error')}>
                  <chakra.code fontSize="xs">{mail.lastError}</chakra.code>
                </Detail>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="mailId" value={mail.id} />
                <chakra.button
                  type="submit"
                  disabled={busy}
                  mt="2"
                  px="4"
                  py="2"
                  minH="44px"
                  borderRadius="md"
                  bg="teal.700"
                  color="white"
                  fontWeight="600"
                  _hover={{ bg: 'teal.800' }}
                  _disabled={{ opacity: 0.6, cursor: 'wait' }}
                  _focusVisible={{ outline: '3px solid', outlineColor: 'teal.500', outlineOffset: '2px' }}
                >
                  {t('admin_mails_retry')}
                </chakra.button>
              </Form>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </chakra.section>
  );
}

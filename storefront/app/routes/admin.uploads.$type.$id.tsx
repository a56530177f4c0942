/**
 * /admin/uploads/courses/{id} and /admin/uploads/products/{id}: a course's pictures or a
 * product's gallery in the upload control. The first picture is the cover, the others the
 * gallery. Saving uploads the new files through the CMS with the administrator's token,
 * saves the list in its order and deletes the pictures taken out of it.
 */
import { Button, chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { isAllowedUpload } from '@sala/shared/schemas';
import { useEffect, useState } from 'react';
import { Toaster, toaster } from '~/components/checkout/toaster';
import { AdminUploadsErrorBoundary, PRIVATE_PAGE } from '~/components/upload/admin-upload-page';
import { UploadControl } from '~/components/upload/upload-control';
import { MAX_PICTURES, REFUSAL_TEXT_KEYS, savedFiles, toSavePlan, type UploadValue } from '~/models/upload/upload-logic';
import { CmsApiError, CmsError, isCmsNotFound } from '~/lib/cms.server';
import { textsOfMatches, translate, useT } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { SavePlanSchema, getPictures, isPictureOwnerType, refusalCode, requireShopAdmin, savePictures, uploadAdminFiles } from '~/lib/uploads.server';
import type { loader as rootLoader } from '~/root';

function ownerFrom(params: Record<string, string | undefined>) {
  const id = Number(params.id);
  if (!isPictureOwnerType(params.type) || !/^\d+$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id < 1) {
    throw data(null, { status: 404, headers: { 'Cache-Control': PRIVATE_PAGE } });
  }
  return { type: params.type, id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const { type, id } = ownerFrom(params);
  try {
    const pictures = await getPictures(type, id, { jwt: admin.jwt, signal: request.signal });
    return data({ type, ...pictures }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
  } catch (error) {
    if (isCmsNotFound(error)) throw data(null, { status: 404, headers: { 'Cache-Control': PRIVATE_PAGE } });
    throw error;
  }
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${page?.title ?? texts?.admin_uploads_title ?? ''} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

export type SaveResult = { ok: true } | { ok: false; message: string };

/**
 * Refusals come back 200 with their message (the page shows them); only a CMS that cannot
 * answer is a 503.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const { type, id } = ownerFrom(params);
  const locale = getLocale(request);
  const texts = await getTexts(locale, request.signal);
  const t = (key: string) => translate(texts, key);
  const reply = (result: SaveResult, status = 200) => data(result, { status, headers: { 'Cache-Control': PRIVATE_PAGE } });

  const form = await request.formData();
  let planInput: unknown;
  try {
    planInput = JSON.parse(String(form.get('plan') ?? 'null'));
  } catch {
    planInput = null;
  }
  const plan = SavePlanSchema.safeParse(planInput);
  const files = form.getAll('file').filter((value): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value);
  if (!plan.success) return reply({ ok: false, message: t('error_input_error') });
  const addedIndexes = plan.data.keep.flatMap((item) => ('added' in item ? [item.added] : []));
  // every sent file is placed exactly once
  const placedOnce = addedIndexes.length === files.length && new Set(addedIndexes).size === files.length && addedIndexes.every((index) => index < files.length);
  if (!placedOnce || plan.data.keep.length > MAX_PICTURES) return reply({ ok: false, message: t('error_input_error') });
  // the name and type check again here; the CMS then checks the bytes and the free space
  if (files.some((file) => !isAllowedUpload({ name: file.name, type: file.type, size: file.size }, 'image'))) {
    return reply({ ok: false, message: t(REFUSAL_TEXT_KEYS.FILE_TYPE_NOT_ALLOWED) });
  }

  const options = { jwt: admin.jwt, locale, signal: request.signal };
  try {
    const names = await uploadAdminFiles(files, options);
    const keep = plan.data.keep.map((item) => ('added' in item ? { name: names[item.added] } : { fileId: item.fileId }));
    await savePictures(type, id, { keep, deleted: plan.data.deleted }, options);
    return reply({ ok: true });
  } catch (error) {
    if (isCmsNotFound(error)) throw data(null, { status: 404, headers: { 'Cache-Control': PRIVATE_PAGE } });
    const code = refusalCode(error);
    if (code === 'FILE_TYPE_NOT_ALLOWED' || code === 'OUT_OF_STORAGE') return reply({ ok: false, message: t(REFUSAL_TEXT_KEYS[code]) });
    if (code === 'FILE_TOO_LARGE') return reply({ ok: false, message: t('error_file_too_large') });
    if (code === 'INPUT_ERROR') return reply({ ok: false, message: t('error_input_error') });
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[admin uploads] save failed: ${error.message}`);
      return reply({ ok: false, message: t('server_error_title') }, 503);
    }
    throw error;
  }
}

/** A refused save changed nothing: the admin's unsaved list stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => ((actionResult as SaveResult | undefined)?.ok === false ? false : defaultShouldRevalidate);

export default function AdminPictures() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const fetcher = useFetcher<SaveResult>();
  const [value, setValue] = useState<UploadValue>(() => savedFiles(page.files));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const saving = fetcher.state !== 'idle';

  // a saved list (or another record) replaces what the control holds
  useEffect(() => {
    setValue(savedFiles(page.files));
  }, [page]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      setMessage({ ok: true, text: t('admin_uploads_saved') });
      toaster.create({ type: 'success', title: t('admin_uploads_saved') });
    } else {
      setMessage({ ok: false, text: fetcher.data.message });
      toaster.create({ type: 'error', title: t('upload_error_title'), description: fetcher.data.message });
    }
    // t changes identity each render; the answer is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const dirty =
    value.deleteFileList.length > 0 ||
    value.fileList.some((item) => item.kind === 'added') ||
    value.fileList.map((item) => item.key).join() !== page.files.map((file) => `saved-${file.fileId}`).join();

  function save() {
    const plan = toSavePlan(value);
    const form = new FormData();
    form.set('plan', JSON.stringify({ keep: plan.keep, deleted: plan.deleted }));
    plan.files.forEach((file) => form.append('file', file, file.name));
    setMessage(null);
    fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  }

  const title = page.type === 'courses' ? t('admin_uploads_course_pictures') : t('admin_uploads_product_gallery');
  return (
    <chakra.div minW="0">
      <chakra.span fontSize="sm" color="brand" fontWeight="600" asChild>
        <Link to="/admin/uploads">← {t('admin_uploads_back')}</Link>
      </chakra.span>
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mt="3" mb="1" overflowWrap="anywhere">
        {page.title}
      </chakra.h1>
      <chakra.p color="fg.muted" mb="6">
        {t('admin_uploads_cover_note')}
      </chakra.p>
      <UploadControl
        title={title}
        value={value}
        onChange={(next) => {
          setMessage(null);
          setValue(next);
        }}
        type="image"
        limitFile={MAX_PICTURES}
        columns={4}
        storageUrl="/admin/uploads/storage"
        disabled={saving}
      />
      <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="3" mt="5">
        <Button type="button" colorPalette="teal" onClick={save} loading={saving} loadingText={t('admin_uploads_saving')} disabled={!dirty || saving}>
          {t('button_save')}
        </Button>
        {dirty && !saving ? (
          <chakra.span fontSize="sm" color="fg.muted">
            {t('upload_unsaved_changes')}
          </chakra.span>
        ) : null}
        {message ? (
          <chakra.p role="status" fontSize="sm" fontWeight="600" color={message.ok ? 'green.700' : 'red.600'} data-testid="save-message">
            {message.text}
          </chakra.p>
        ) : null}
      </chakra.div>
      <Toaster />
    </chakra.div>
  );
}

export function ErrorBoundary() {
  return <AdminUploadsErrorBoundary />;
}

/**
 * The registration a guest sends the CMS (POST /public/students/course-detail-page), from
 * the course page's checkout and from /register alike: which files go up first, where
 * their stored names go, and the payload that refers to them.
 */
import type { CustomLabel } from '@sala/shared/schemas';
import type { Locale } from '~/models/i18n';

/** Where the stored name of an uploaded file goes. */
export type UploadTarget = { kind: 'profile' } | { kind: 'label'; labelId: number } | { kind: 'certificate' };
export type PlannedUpload = { file: File; target: UploadTarget };

/** The stored names of the uploaded files, by where they go. */
export type UploadedNames = { displayImgUrl: string | null; labelFiles: Map<number, string[]>; certificates: string[] };

/** A guest's files, in the order they go up: the profile picture, then each image label's files. */
export function registrationUploads(values: Record<string, unknown>, customLabels: readonly CustomLabel[]): PlannedUpload[] {
  const uploads: PlannedUpload[] = [];
  const answers = (values.customLabels as Record<string, unknown> | undefined) ?? {};
  const picture = (values.profileImage as File[] | undefined)?.[0];
  if (picture) uploads.push({ file: picture, target: { kind: 'profile' } });
  for (const label of customLabels.filter((candidate) => candidate.type_label === 'image')) {
    for (const file of (answers[String(label.id)] as File[] | undefined) ?? []) uploads.push({ file, target: { kind: 'label', labelId: label.id } });
  }
  return uploads;
}

/** The stored names (in the order the files went up) put where each file belongs. */
export function uploadedNames(uploads: readonly PlannedUpload[], names: readonly string[]): UploadedNames {
  const uploaded: UploadedNames = { displayImgUrl: null, labelFiles: new Map(), certificates: [] };
  uploads.forEach(({ target }, index) => {
    const name = names[index];
    if (target.kind === 'profile') uploaded.displayImgUrl = name;
    else if (target.kind === 'certificate') uploaded.certificates.push(name);
    else uploaded.labelFiles.set(target.labelId, [...(uploaded.labelFiles.get(target.labelId) ?? []), name]);
  });
  return uploaded;
}

/** Nothing uploaded. */
export const NO_UPLOADS: UploadedNames = { displayImgUrl: null, labelFiles: new Map(), certificates: [] };

/**
 * The registration payload: empty texts as null, the custom labels answered (an image label
 * by its stored names, an empty answer left out), `tax` the tax-invoice fields to send along.
 */
export function registrationPayload(args: {
  values: Record<string, unknown>;
  customLabels: readonly CustomLabel[];
  uploaded: UploadedNames;
  tax: Record<string, unknown>;
  /** The course page's purchase without registration (layout four), not /register. */
  layoutFour: boolean;
  locale: Locale;
}): Record<string, unknown> & { username: string | null; password: unknown } {
  const { values, uploaded } = args;
  const answers = (values.customLabels as Record<string, unknown> | undefined) ?? {};
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    firstname: text('firstname'),
    lastname: text('lastname'),
    nickname: text('nickname'),
    email: text('email'),
    tel: text('tel'),
    address: text('address'),
    username: text('username'),
    password: values.newPassword,
    customLabel: args.customLabels.flatMap((label) => {
      const value = label.type_label === 'image' ? (uploaded.labelFiles.get(label.id) ?? []) : answers[String(label.id)];
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      return empty ? [] : [{ id: label.id, label: label.label, value, validation: true }];
    }),
    studentGroupKpi: values.userGroupId ?? null,
    displayImgUrl: uploaded.displayImgUrl,
    ...args.tax,
    is_registration_layout_four: args.layoutFour,
    lang: args.locale,
  };
}

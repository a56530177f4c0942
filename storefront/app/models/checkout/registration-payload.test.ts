import { describe, expect, it } from 'vitest';
import type { CustomLabel } from '@sala/shared/schemas';
import { NO_UPLOADS, registrationPayload, registrationUploads, uploadedNames } from './registration-payload';

const labels: CustomLabel[] = [
  { id: 1, type_label: 'inputtext', label: 'บริษัท', order_label: 1, required: false },
  { id: 2, type_label: 'checkbox', label: 'ความสนใจ', order_label: 2, required: false },
  { id: 4, type_label: 'image', label: 'บัตรนักศึกษา', order_label: 3, required: false },
];
const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('the registration payload', () => {
  it('uploads the profile picture, then each image label’s files, and puts the stored names back where they belong', () => {
    const picture = file('me.png');
    const front = file('front.png');
    const back = file('back.png');
    const uploads = registrationUploads({ profileImage: [picture], customLabels: { '4': [front, back] } }, labels);
    expect(uploads.map((upload) => upload.file)).toEqual([picture, front, back]);
    const uploaded = uploadedNames(uploads, ['u/me.png', 'u/front.png', 'u/back.png']);
    expect(uploaded.displayImgUrl).toBe('u/me.png');
    expect(uploaded.labelFiles.get(4)).toEqual(['u/front.png', 'u/back.png']);
    expect(uploaded.certificates).toEqual([]);
  });

  it('empty texts are null, empty answers are left out, an image label is sent by its stored names', () => {
    const uploaded = { displayImgUrl: 'u/me.png', labelFiles: new Map([[4, ['u/card.png']]]), certificates: [] };
    const values = {
      firstname: 'สมชาย',
      lastname: '',
      email: 'a@example.com',
      username: 'somchai',
      newPassword: 'secret123',
      userGroupId: 3,
      customLabels: { '1': 'Sala Co', '2': [], '4': [file('card.png')] },
    };
    expect(registrationPayload({ values, customLabels: labels, uploaded, tax: { is_require_tax_invoice: false }, layoutFour: true, locale: 'th' })).toEqual({
      firstname: 'สมชาย',
      lastname: null,
      nickname: null,
      email: 'a@example.com',
      tel: null,
      address: null,
      username: 'somchai',
      password: 'secret123',
      customLabel: [
        { id: 1, label: 'บริษัท', value: 'Sala Co', validation: true },
        { id: 4, label: 'บัตรนักศึกษา', value: ['u/card.png'], validation: true },
      ],
      studentGroupKpi: 3,
      displayImgUrl: 'u/me.png',
      is_require_tax_invoice: false,
      is_registration_layout_four: true,
      lang: 'th',
    });
  });

  it('/register: no group, no files, the member flag', () => {
    const payload = registrationPayload({ values: { username: 'a' }, customLabels: labels, uploaded: NO_UPLOADS, tax: { is_require_tax_invoice: false }, layoutFour: false, locale: 'en' });
    expect(payload).toMatchObject({ studentGroupKpi: null, displayImgUrl: null, customLabel: [], is_registration_layout_four: false, lang: 'en' });
  });
});

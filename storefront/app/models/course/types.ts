/**
 * The course page as its components see it: built by the loader (lib/course-page.server.ts)
 * from the CMS answers, upload URLs absolute, money in minor units.
 */
import type { Money } from '@sala/shared/money';
import type { CheckoutData, PaymentStep, SignedInStudent } from '~/models/checkout/types';
import type { CourseCardView } from '~/models/catalog';
import type { CourseStudentState } from './student-state';

export type CourseLayout = '1' | '3' | '4' | 'default';

export type CoursePreview = {
  videoUrl: string | null;
  videoName: string | null;
  videoDesc: string | null;
  classType: string | null;
  pictureUrl: string | null;
  /** The picture's WebP renditions as a `srcset` (ADR 193); null when it has none. */
  pictureSrcSet: string | null;
  imageAlt: string | null;
  startDate: string | null;
  endDate: string | null;
  startRegDate: string | null;
  endRegDate: string | null;
};

export type CourseView = {
  id: number;
  path: string;
  title: string;
  courseType: string;
  shortDescription: string | null;
  description: string | null;
  /** null when the CMS has neither a video nor a picture (the page shows a loading notice, then nothing). */
  preview: CoursePreview | null;
  venue: string | null;
  seat: number | null;
  seatsLeft: number | null;
  courseLength: string | null;
  language: string | null;
  coursePoint: number | null;
  freeBook: boolean;
  teacher: { name: string; headline: string | null; bio: string | null; pictureUrl: string | null } | null;
  groups: { id: number; name: string }[];
  /** The registration fee: the default plan's price; null when the course has none (the label is hidden). */
  fee: Money | null;
  canLearn: boolean;
  learnPath: string;
  /** What the signed-in student's own orders say about the course (null for a visitor): shown instead of the checkout. */
  studentState: CourseStudentState | null;
  /** Whether the page offers this viewer its checkout or buy link. */
  mayBuy: boolean;
};

export type CurriculumView = {
  id: number;
  name: string;
  lectures: { id: number; name: string; preview: boolean; contentType: string; seconds: number | null }[];
}[];

export type CommentView = { id: number; comment: string; createdAt: string | null; author: string; replies: Omit<CommentView, 'replies'>[] };

export type CommentsView = { list: CommentView[]; total: number; page: number; pageCount: number };

export type RelatedView = { byTeacher: CourseCardView[] | null; byGroup: CourseCardView[] | null; bestSeller: CourseCardView[] | null };

export type SeoView = {
  title: string;
  description: string;
  url: string;
  siteName: string;
  image: { url: string; width: number; height: number; alt: string } | null;
  jsonLd: Record<string, unknown>;
};

export type CoursePageData = {
  layout: CourseLayout;
  course: CourseView;
  curriculum: CurriculumView | null;
  comments: CommentsView | null;
  commentsEnabled: boolean;
  howToBuy: string | null;
  related: RelatedView;
  student: SignedInStudent | null;
  checkout: CheckoutData | null;
  payment: PaymentStep | null;
  seo: SeoView;
  thankYouPage: boolean;
};

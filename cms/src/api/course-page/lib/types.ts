/** What the course page answers: the page, its curriculum and its related course cards. */
import type { CourseType, OrderStatus } from '@sala/shared/constants';
import type { ImageDto } from '../../../lib/media';
import type { PlanDto } from '../../../lib/plans';
import type { PictureSource } from '../../../lib/media';

/** How many courses each related list shows at most. */
export const RELATED_LIMIT = 8;

/** `:flag` of GET /public/courses/:slug/:flag (ADR 080). */
export const COURSE_VIEWS = { page: 0, learn: 1 } as const;
export type CourseView = 'page' | 'learn';

/** A course card, the same shape as an item of GET /public/courses. */
export type CourseCard = {
  id: number;
  slug: string;
  title: string;
  course_type: string;
  pictureUrl: string | null;
  /** WebP renditions for the card's srcset (ADR 193). */
  pictureSources: PictureSource[];
  imageAlt: string | null;
  price: { amount: number; currency: 'THB' } | null;
};

export type CurriculumSection = {
  sections_id: number;
  sections_name: string;
  sections_location: number | null;
  lectures: {
    lectures_id: number;
    lectures_name: string;
    lectures_location: number | null;
    lectures_preview: boolean;
    lectures_content_type: string;
    video_length: number | null;
  }[];
};

export type CourseDetail = {
  id: number;
  slug: string | null;
  link_path: string;
  title: string;
  preview: {
    videoUrl: string | null;
    videoName: string | null;
    videoDesc: string | null;
    classType: string | null;
    pictureUrl: string | null;
    pictureSources: PictureSource[];
    imageAlt: string | null;
    startDate: string | null;
    endDate: string | null;
    startRegDate: string | null;
    endRegDate: string | null;
  };
  courseType: CourseType;
  coursePoint: number | null;
  priceDetail: PlanDto[];
  priceDetailByUserId: PlanDto[] | null;
  courseDescription: { title: string; description: string | null; short_description: string | null };
  statusOrder: OrderStatus | null;
  lockCourse: boolean;
  orderCourseId: number | null;
  canLearn: boolean;
  learnLockReason: string | null;
  seat: number | null;
  seats_left: number | null;
  free_book: boolean;
  free_book_type: string | null;
  courseVenue: string | null;
  course_for_user_group: string | null;
  is_layout_course_registration: boolean;
  is_enable_length_course: boolean;
  course_length: string | null;
  endPublish: string | null;
  course_language: string | null;
  custom_text_language_key: string | null;
  is_recertification_course: boolean;
  is_bestseller: boolean;
  meta_title: string | null;
  meta_description: string | null;
  meta_image: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image: ImageDto | null;
  teacher: { id: number; name: string; headline: string | null; bio: string | null; pictureUrl: string | null } | null;
  groups: { id: number; name: string; slug: string | null }[];
  curriculum: CurriculumSection[] | null;
  is_enable_comment: boolean;
  related: { byTeacher: CourseCard[] | null; byGroup: CourseCard[] | null; bestSeller: CourseCard[] | null } | null;
};

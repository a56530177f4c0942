/**
 * Types of the payloads and responses between the storefront and the CMS. Types
 * only: nothing here exists at run time. Field names follow the wire (the spec's
 * snake_case where it names them). Amounts on the wire are major-unit numbers;
 * read them with parseMajor from money/.
 */
import type {
  CourseType,
  Currency,
  CustomLabelType,
  ErrorCode,
  OrderStatus,
  PlanType,
  PricingType,
  TaxPersonType,
  TermUnit,
} from '../constants/index.js';

/** Every failure leaves the server in this shape. */
export type ErrorEnvelope = { success: false; error: { code: ErrorCode | (string & {}); msg: string; result?: unknown } };
export type SuccessEnvelope<T extends object = object> = { success: true } & T;
export type ApiResponse<T extends object = object> = SuccessEnvelope<T> | ErrorEnvelope;

/** A pricing plan as the course and cart calls return it. */
export type PricingPlanDto = {
  id: number;
  course_id: number;
  reference_code: 'COURSE';
  reference_id: number;
  plan_type: PlanType;
  term: number | null;
  term_unit: TermUnit | null;
  term_2: number | null;
  term_unit_2: TermUnit | null;
  price: number | null;
  price_usd: number | null;
  name: string;
  pricing_type: PricingType;
  status_show: 0 | 1;
  is_default: 0 | 1 | boolean;
  free_for: 'Student' | null;
  /** Comma list of course ids. */
  free_course_ids: string | null;
  need_approval: 0 | 1 | boolean;
  is_for_member: 0 | 1 | boolean;
};

/** An item of GET /public/courses. */
export type CourseListItem = {
  id: number;
  slug: string;
  title: string;
  courseType: CourseType;
  pictureUrl: string | null;
  imageAlt: string | null;
  shortDescription: string | null;
  teacherName: string | null;
  /** The default plan's price, major units; null when the course has none. */
  price: number | null;
  priceUsd: number | null;
  currency: Currency;
  seat: number | null;
  startRegDate: string | null;
  endRegDate: string | null;
};

export type CoursePreview = {
  videoUrl: string | null;
  videoName: string | null;
  videoDesc: string | null;
  classType: string | null;
  pictureUrl: string | null;
  imageAlt: string | null;
  startDate: string | null;
  endDate: string | null;
  startRegDate: string | null;
  endRegDate: string | null;
};

/** GET /public/courses/{slug}/{flag}. */
export type CourseDetail = {
  id: number;
  slug: string;
  title: string;
  preview: CoursePreview;
  courseType: CourseType;
  coursePoint: number | null;
  priceDetail: PricingPlanDto[];
  priceDetailByUserId: PricingPlanDto[] | null;
  courseDescription: { title: string; description?: string | null };
  statusOrder: OrderStatus | null;
  lockCourse: boolean;
  orderCourseId: number | null;
  seat: number | null;
  free_book: 0 | 1 | boolean;
  free_book_type: string | null;
  link_path: string | null;
  courseVenue: string | null;
  /** Comma list of user group ids. */
  course_for_user_group: string | null;
  is_layout_course_registration: 0 | 1 | boolean;
  is_enable_length_course: 0 | 1 | boolean;
  course_length: string | null;
  endPublish: string | null;
  course_language: string | null;
  custom_text_language_key: string | null;
  is_recertification_course: 0 | 1 | boolean;
  meta_title?: string | null;
  meta_description?: string | null;
  meta_image?: string | null;
};

/** GET /public/products/{id}/{n}. */
export type ProductDetail = {
  id: number;
  meta_title: string | null;
  meta_description: string | null;
  preview: { videoUrl: string | null; pictureUrl: string | null };
  priceDetail: PricingPlanDto[];
  courseDescription: { title: string; description?: string | null };
  course_type: 'product';
  image_detail: unknown;
  available_qty: number;
};

export type VideoPlaylistItem = {
  sections_id: number;
  sections_name: string;
  sections_location: number;
  lectures_id: number;
  lectures_name: string;
  lectures_preview: 0 | 1 | boolean;
  lectures_content_type: string;
  video_id: number | null;
  video_name: string | null;
  video_url: string | null;
  video_length: number | null;
};

/** One course line of an order. */
export type OrderCourseItem = {
  course_id: number;
  title: string;
  pricingplan_id: number | null;
  price: number;
  discount: number;
  quantity: number;
};

/** GET /private/orders/{orderId} and the payment-screen variant. */
export type OrderDetail = {
  id: number;
  payment_status: OrderStatus;
  price: number;
  discount: number;
  withholding_price: number;
  shipping_fee: number;
  currency_code: Currency;
  coupon_list_code: string[];
  order_course_list: OrderCourseItem[];
  email?: string;
  tel?: string;
  order_token?: string;
};

export type CreateOrderResponse = ApiResponse<{ orderId: number; order_detail: OrderDetail }>;
export type RegistrationResponse = ApiResponse<{ createStudent: boolean; userId: number }>;
export type LoginResponse = ApiResponse<{ response: { user: { id: number; username: string; email: string } }; jwt?: string }>;
export type CouponLookupResponse = ApiResponse<{ data: unknown[] }>;
export type PaymentReportResponse = ApiResponse<{ orderPaymentId: number; order_token: string }> | (ErrorEnvelope & { errors?: Record<string, string[]> });

export type PaymentMethodDto = {
  id: number;
  name: string;
  payment_type: string;
  bankList?: BankAccountDto[];
  application_id_1?: string | null;
};

export type BankAccountDto = { id: number; account_id: string; account_name: string; bank_name: string; prompt_pay_image: string | null };

export type CustomLabelDto = {
  id: number;
  type_label: CustomLabelType;
  label: string;
  order_label: number;
  required: 0 | 1 | boolean;
  item_list: string | unknown[] | null;
};

export type TaxInfoDto = {
  tax_company_certificate: string[];
  tax_person_type: TaxPersonType;
  tax_name_one: string;
  tax_name_two: string;
  tax_payer_identification_no: string;
  tax_address: string;
  tax_postcode: string;
  tax_is_delivery_by_tax_address: 0 | 1;
  tax_delivery_address: string;
};

/** GET /private/course/countdowntime/{courseId}. */
export type CountdownResponse = ApiResponse<{
  data: {
    planType: PlanType;
    courseDays: number;
    startDateTime: string;
    term: number | null;
    termUnit: TermUnit | null;
    term2: number | null;
    termUnit2: TermUnit | null;
    isTermUnit2: boolean;
    countDownTime: number | null;
    progressTime: number;
    orderID: number;
    finishDateTime: string | null;
    readLecture: number;
  };
}>;

export type UserGroupDto = { id: number; name: string; is_default: 0 | 1 | boolean };
export type StorageDetails = { free: number };

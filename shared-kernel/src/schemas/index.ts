// Request and response schemas shared by the API server (infra/api) and the UI remotes.
export { ApiErrorBody, ApiErrorCode, IdParam, PageQuery, OkResponse, HealthResponse, BooleanAnswer } from './common';
export {
  RoleName,
  CustomerType,
  ContactInfoType,
  ContactInfo,
  NewContactInfo,
  SessionUser,
  SessionResponse,
  LoginRequest,
  RegisterRequest,
  BusinessValidateRequest,
  BusinessValidateResponse,
  ForgotPasswordRequest,
  ResetHashParam,
  ResetPasswordRequest,
} from './user';
export {
  EMAIL_MAX_LENGTH,
  EmailAddress,
  isValidEmail,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  isStrongPassword,
  StrongPassword,
  RequiredText,
  OptionalText,
  RequiredEmail,
  RequiredPassword,
  NewPassword,
  RequiredPersonalCode,
} from './rules';
export {
  IdentityMethod,
  IdentityMethodParam,
  IdentityStatus,
  IdentityStartRequest,
  IdentityStartResponse,
  IdentityPollQuery,
  IdentityPollResponse,
  UserExistParam,
  UserExistRequest,
  UpdateFullyPrivilegedRequest,
  ContactInfoRequest,
  ContactUsRequest,
  GoogleSessionRequest,
  normalizeEstonianMobile,
  normalizeMobileIdPhone,
} from './identity';
export {
  Category,
  Weekday,
  ProductImage,
  AdditionalService,
  ReservationWindow,
  Product,
  ProductList,
  CustomerProduct,
  CustomerProductList,
  TechnicalFields,
  ProductOwnerPublic,
  ProductDetails,
  ProductListQuery,
  FileNameParam,
} from './catalog';
export { SearchSort, ProductSearchQuery, SearchResultItem, SearchResultList, MarkerQuery, MapMarker, MarkerList } from './search';
export { Place, PlaceList, PlaceAutocompleteQuery, PlaceIdParam, ReverseGeocodeQuery, ReverseGeocodeResult } from './places';
export { CommentAnswer, Comment, CommentList, ProductIdParam, CommentMaxLength, NewComment } from './comments';
export { NO_FEEDBACK_RIGHTS_MESSAGE, Feedback, FeedbackList, NewFeedback, NewProblemReport, ProblemReport } from './feedback';
export {
  Instant,
  ReservationStatus,
  PriceTierName,
  PriceQuery,
  PriceAnswer,
  FeeBreakdown,
  ReservationProductParams,
  ChosenAdditionalService,
  NewReservationRequest,
  ReservationParty,
  Reservation,
} from './booking';

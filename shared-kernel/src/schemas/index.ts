// Request and response schemas shared by the API server (infra/api) and the UI remotes.
export { ApiErrorBody, ApiErrorCode, IdParam, PageQuery, OkResponse, HealthResponse } from './common';
export {
  RoleName,
  CustomerType,
  ContactInfoType,
  ContactInfo,
  NewContactInfo,
  SessionUser,
  LoginRequest,
  PASSWORD_MIN_LENGTH,
  isStrongPassword,
  RegisterRequest,
  BusinessValidateRequest,
  BusinessValidateResponse,
  ForgotPasswordRequest,
  ResetHashParam,
  ResetPasswordRequest,
} from './user';
export {
  Category,
  Weekday,
  ProductImage,
  AdditionalService,
  ReservationWindow,
  Product,
  ProductList,
  TechnicalFields,
  ProductOwnerPublic,
  ProductDetails,
  ProductListQuery,
  FileNameParam,
} from './catalog';

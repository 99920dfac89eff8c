/** Response envelopes of every call (docs/api.md). */
export interface FieldError {
  field: string;
  msg: string;
}

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data?: T;
}

export interface ApiFailure {
  success: false;
  message: string;
  errors?: FieldError[];
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

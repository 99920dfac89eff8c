/**
 * User-facing texts of the spec, in one place so web and server say the same thing.
 * Keys are stable ids; values are the spec's words, used as written.
 */
export const MSG = {
  // Registration, spec core §5 (checked in this order)
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  namesRequired: 'First name and last name are required',
  studentFieldsRequired: 'Grade and section are required for students',
  teacherFieldsRequired: 'Subject and qualification are required for teachers',
  // Our own validation texts where the spec gives none
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 128 characters long',
  roleInvalid: 'Role must be student, teacher or parent',
  termsRequired: 'You must accept the terms and privacy policy',
  gradeInvalid: 'Grade must be between 9 and 12',
  sectionInvalid: 'Section must be A, B, C or D',
  tokenRequired: 'Token is required',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',

  // Server answers
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  accountDeactivated: 'Your account has been deactivated. Please contact support for assistance.',
  notAuthenticated: 'Not authenticated. Please login.',
  sessionExpired: 'Session expired. Please login again.',
  forbidden: 'Access denied. You do not have permission.',
  notFound: 'Resource not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  validationFailed: 'Validation failed',
  invalidOrExpiredToken: 'This link is invalid or has expired.',
  currentPasswordWrong: 'Current password is incorrect',
  refreshTokenInvalid: 'Session expired. Please login again.',
  forgotPasswordSent: 'If an account exists for that email, a password reset link has been sent.',
  registered: 'Registration successful! Please check your email for verification.',
  loginSuccess: 'Login successful!',
  logoutSuccess: 'Logged out successfully',
  passwordResetSuccess: 'Password reset successful!',
  emailVerified: 'Email verified successfully!',
  passwordChanged: 'Password changed successfully!',
  verificationSent: 'Verification email sent!',
  alreadyVerified: 'Your email address is already verified.',

  // Client-side catalogue, spec core §8
  forbiddenToast: 'Access denied. You do not have permission.',
  notFoundToast: 'Resource not found.',
  networkError: 'Network error. Please check your connection.',
  genericError: 'An error occurred. Please try again.',
  unexpectedError: 'An unexpected error occurred.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  resetEmailFailed: 'Failed to send reset email',
  passwordResetFailed: 'Password reset failed',
  emailVerificationFailed: 'Email verification failed',
  passwordChangeFailed: 'Password change failed',
  resetEmailSent: 'Password reset email sent!',
  registerFormSuccess: 'Account created successfully! Please check your email for verification.',

  // Guard, spec core §2
  guardVerify: 'Please verify your email address to access this page. Check your inbox for the verification email.',
  guardAccessDenied: "Access denied. You don't have permission to view this page.",
  guardDeactivated: 'Your account has been deactivated. Please contact support for assistance.',

  // Verification screen, surroundings §8
  verifyNoToken: 'No verification token provided. Please check your email link.',
  verifyFailedLink: 'Email verification failed. The link may be expired or invalid.',
  verifyException: 'Email verification failed. Please try again or contact support.',

  errorBoundary: 'Something went wrong.',
} as const;

export * from './limits.ts';
export * from './password-policy.ts';
export * from './schemas.ts';
export * from './account-data.ts';

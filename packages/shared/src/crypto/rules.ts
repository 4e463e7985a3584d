export interface SystemParamsLike {
  isSystemAuthentication?: string | number | null;
}

/**
 * The login username is AES-encrypted when the tenant's system authentication is on ('1', or 1 as
 * DECISIONS 4 reads such flags) and the login is not the force-login retry (noMd5, which carries a uuid).
 */
export function shouldEncryptUsername(
  systemParams: SystemParamsLike | null | undefined,
  noMd5?: boolean,
): boolean {
  const flag = systemParams?.isSystemAuthentication;
  return (flag === '1' || flag === 1) && !noMd5;
}

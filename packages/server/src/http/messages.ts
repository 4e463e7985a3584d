import type { FastifyRequest } from 'fastify';

/** User-visible messages in the two console languages (Hz-Language: zh_CN default, en_US). */
const MESSAGES = {
  success: ['操作成功', 'success'],
  internal: ['服务器内部错误', 'internal server error'],
  storageFull: [
    '服务器存储空间已满，本次操作未保存，请稍后重试',
    'the server’s storage is full; nothing was saved, try again later',
  ],
  bodyTooLarge: ['请求体过大', 'request body too large'],
  unsupportedMediaType: ['不支持的请求内容类型', 'unsupported content type'],
  emptyJson: ['请求体为空', 'request body is empty'],
  malformedJson: ['请求体不是合法的 JSON', 'request body is not valid JSON'],
  notFound: ['接口不存在', 'no such API route'],
  socketsFull: ['服务器连接已满，请稍后重试', 'server full, try again later'],
  tokenInvalid: ['令牌无效或已过期，请重新登录', 'token invalid or expired, please sign in again'],
  guestOnly: ['第三方账号尚未绑定，请先注册', 'third-party account not bound yet, please register first'],
  noAccess: ['没有权限', 'no permission'],
  dataAuthMissing: ['缺少数据权限密钥（Data-Auth）', 'the data-auth key (Data-Auth) is missing'],
  dataAuthWrong: [
    '数据权限密钥（Data-Auth）无效',
    'the data-auth key (Data-Auth) is not valid for this session',
  ],
  clientInvalid: ['客户端认证失败', 'client authentication failed'],
  tenantMissing: ['缺少租户编号', 'tenant id is missing'],
  tenantUnknown: ['租户不存在', 'tenant not found'],
  grantUnsupported: ['不支持的授权类型', 'unsupported grant_type'],
  badCredentials: ['用户名或密码错误', 'wrong account or password'],
  passwordFormat: ['密码格式不正确', 'password is not in the expected format'],
  usernameDecrypt: ['用户名解密失败', 'username could not be decrypted'],
  captchaWrong: ['验证码不正确或已过期', 'captcha is wrong or expired'],
  captchaRequired: ['请输入验证码', 'captcha is required'],
  phoneCodeWrong: ['短信验证码不正确或已过期', 'phone code is wrong or expired'],
  phoneUnknown: ['该手机号未绑定账号', 'no account uses this phone number'],
  phoneCooldown: ['验证码发送过于频繁，请 {s} 秒后再试', 'a code was sent recently, retry in {s} s'],
  tooManyAttempts: ['登录尝试过多，请 {s} 秒后再试', 'too many login attempts, retry in {s} s'],
  conflict: [
    '该账号已在其他地方登录，是否强制登录？',
    'this account is signed in elsewhere; sign in anyway?',
  ],
  conflictExpired: ['强制登录确认已失效，请重新登录', 'the forced-login confirmation expired, sign in again'],
  refreshInvalid: ['刷新令牌无效或已过期', 'refresh token invalid or expired'],
  refreshReused: ['刷新令牌已被使用，会话已撤销', 'refresh token reused; the session was revoked'],
  socialUnsupported: ['不支持的第三方来源', 'unsupported social source'],
  socialCode: ['第三方授权码无效或已过期', 'social authorization code invalid or expired'],
  callbackInvalid: ['免登录凭证无效或已过期', 'login-free ticket invalid or expired'],
  qrPending: ['二维码尚未确认', 'QR code not confirmed yet'],
  qrInvalid: ['二维码无效或已过期', 'QR code invalid or expired'],
  accountDisabled: ['账号已停用', 'account disabled'],
  oldPasswordWrong: ['原密码不正确', 'old password is wrong'],
  passwordMismatch: ['两次输入的新密码不一致', 'the two new passwords differ'],
  passwordLength: ['新密码长度应为 8-16 位', 'new password must be 8-16 characters'],
  passwordClasses: [
    '新密码需包含大写字母、小写字母、数字、特殊字符中的至少三类',
    'new password needs 3 of: uppercase, lowercase, digit, other character',
  ],
  passwordAccount: ['新密码不能包含账号', 'new password must not contain the account'],
  passwordDecrypt: ['新密码解密失败', 'new password could not be decrypted'],
  accountExists: ['账号已存在', 'account already exists'],
  phoneInUse: ['该手机号已被其他账号使用', 'phone number already used by another account'],
  stationNotFound: ['电站不存在', 'no such station'],
  pointNotFound: ['测点不存在', 'no such measurement point'],
  timeInvalid: ['{field} 不是有效的时间', '{field} is not a valid time'],
  rangeOrder: ['结束时间必须晚于开始时间', 'endTime must be after beginTime'],
  rangeTooLong: ['查询时间范围不能超过 {days} 天', 'the time range may span at most {days} days'],
  rangeAhead: [
    '结束时间最多为当前时间之后 {hours} 小时（预测范围）',
    'endTime may reach at most {hours} h past now (the forecast)',
  ],
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function language(request: FastifyRequest): 'zh' | 'en' {
  const header = request.headers['hz-language'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^en/i.test(value) ? 'en' : 'zh';
}

/** `text` with each `{name}` replaced by its value. */
function fill(text: string, vars: Record<string, string | number>): string {
  let filled = text;
  for (const [name, value] of Object.entries(vars)) filled = filled.replaceAll(`{${name}}`, String(value));
  return filled;
}

/** One text in the request's language, from its Chinese and English forms. */
export const say = (request: FastifyRequest, zh: string, en: string): string =>
  language(request) === 'en' ? en : zh;

/**
 * A route area's own messages (a table of `[zh, en]` pairs with `{name}` placeholders), read in the
 * request's language: `const say = messagesOf(TABLE)`, then `say(request, 'key', { name })`.
 */
export function messagesOf<K extends string>(table: Readonly<Record<K, readonly [string, string]>>) {
  return (request: FastifyRequest, key: K, vars: Record<string, string | number> = {}): string => {
    const [zh, en] = table[key];
    return fill(language(request) === 'en' ? en : zh, vars);
  };
}

/** A message of the server's common table. */
export const t = messagesOf(MESSAGES);

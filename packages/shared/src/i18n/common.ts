import type { FieldLabel, ValidationKey } from '../validators/keys';

/**
 * The shared `common` namespace: the validators' messages and the field labels they name. Messages name
 * their field through nesting (`$t({{field}})`), so `t(failure.error, failure.params)` is a sentence.
 */
type ValidationTexts = { [K in ValidationKey as K extends `validation.${infer R}` ? R : never]: string };
type FieldTexts = Record<FieldLabel, string>;

export interface CommonTexts {
  validation: ValidationTexts;
  field: FieldTexts;
}

const zh: CommonTexts = {
  validation: {
    required: '请输入$t({{field}})',
    maxLength: '$t({{field}})不能超过 {{max}} 个字符',
    lengthBetween: '$t({{field}})长度须为 {{min}} 到 {{max}} 个字符',
    lockPasswordRequired: '请输入锁屏密码',
    passwordClasses: '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种',
    passwordMismatch: '两次输入的密码不一致',
    passwordContainsAccount: '密码不能包含账号',
    notNumber: '请输入数字',
    numberTooLong: '数值不能超过 {{max}} 个字符',
    belowMin: '数值不能小于 {{min}}',
    aboveMax: '数值不能大于 {{max}}',
    mobileInvalid: '请输入正确的 11 位手机号码',
    emailInvalid: '请输入正确的邮箱地址',
    urlInvalid: '请输入以 http:// 或 https:// 开头的网址',
    landlineInvalid: '请输入正确的固定电话号码，如 010-12345678',
    idCardInvalid: '请输入正确的 18 位身份证号码',
    imageOnly: '只能上传图片文件',
    importFileType: '只能导入 xls 或 xlsx 文件',
    questionEmpty: '请输入问题',
    replyInProgress: '正在回答中，请稍候',
  },
  field: {
    tenantId: '租户ID',
    tenantName: '租户名称',
    linkman: '联系人',
    stationId: '站点编号',
    deptName: '机构名称',
    indexTitle: '首页标题',
    manageSystemName: '管理系统名称',
    visualSystemName: '可视化系统名称',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    captcha: '验证码',
    account: '账号',
    password: '密码',
    password2: '确认密码',
    phone: '手机号码',
    realName: '姓名',
    userName: '用户名',
    nickName: '昵称',
    email: '邮箱',
    idCard: '身份证号码',
    feedback: '反馈内容',
    value: '数值',
  },
};

const en: CommonTexts = {
  validation: {
    required: '$t({{field}}) is required',
    maxLength: '$t({{field}}) must be at most {{max}} characters',
    lengthBetween: '$t({{field}}) must be {{min}} to {{max}} characters long',
    lockPasswordRequired: 'Please enter a lock password',
    passwordClasses:
      'The password must use at least three of: uppercase letters, lowercase letters, digits, special characters',
    passwordMismatch: 'The two passwords do not match',
    passwordContainsAccount: 'The password must not contain the account',
    notNumber: 'Please enter a number',
    numberTooLong: 'The value must be at most {{max}} characters',
    belowMin: 'The value must not be less than {{min}}',
    aboveMax: 'The value must not be greater than {{max}}',
    mobileInvalid: 'Please enter a valid 11-digit mobile number',
    emailInvalid: 'Please enter a valid email address',
    urlInvalid: 'Please enter an address starting with http:// or https://',
    landlineInvalid: 'Please enter a valid landline number, such as 010-12345678',
    idCardInvalid: 'Please enter a valid 18-character ID card number',
    imageOnly: 'Only image files can be uploaded',
    importFileType: 'Only .xls or .xlsx files can be imported',
    questionEmpty: 'Please enter a question',
    replyInProgress: 'A reply is in progress, please wait',
  },
  field: {
    tenantId: 'Tenant ID',
    tenantName: 'Tenant name',
    linkman: 'Contact',
    stationId: 'Station ID',
    deptName: 'Department name',
    indexTitle: 'Home page title',
    manageSystemName: 'Management system name',
    visualSystemName: 'Visual system name',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    captcha: 'Verification code',
    account: 'Account',
    password: 'Password',
    password2: 'Confirm password',
    phone: 'Phone number',
    realName: 'Name',
    userName: 'User name',
    nickName: 'Nickname',
    email: 'Email',
    idCard: 'ID card number',
    feedback: 'Feedback',
    value: 'Value',
  },
};

export const COMMON_TEXTS = { zh, en } as const;

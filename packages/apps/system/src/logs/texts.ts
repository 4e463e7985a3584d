import { registerTexts } from '@ops/shared';
import { NS } from '../texts';

const FIELDS_ZH = {
  id: '编号',
  tenantId: '租户编号',
  title: '标题',
  logLevel: '级别',
  method: '请求方法',
  requestUri: '请求地址',
  params: '请求参数',
  remoteIp: '操作 IP',
  userAgent: '用户代理',
  serviceId: '服务',
  serverHost: '服务器',
  env: '环境',
  logData: '日志内容',
  time: '时间',
  createBy: '操作人',
  createTime: '记录时间',
  type: '类型',
  message: '错误信息',
  url: '页面地址',
  info: '附加信息',
  stack: '堆栈',
};

const FIELDS_EN = {
  id: 'Id',
  tenantId: 'Tenant',
  title: 'Title',
  logLevel: 'Level',
  method: 'Method',
  requestUri: 'Request URI',
  params: 'Parameters',
  remoteIp: 'Remote IP',
  userAgent: 'User agent',
  serviceId: 'Service',
  serverHost: 'Server',
  env: 'Environment',
  logData: 'Log data',
  time: 'Time',
  createBy: 'By',
  createTime: 'Recorded',
  type: 'Type',
  message: 'Message',
  url: 'Page URL',
  info: 'Info',
  stack: 'Stack',
};

/** The logs' texts (`logs.*` of the app's namespace). */
registerTexts(NS, {
  zh: {
    logs: {
      usual: { heading: '通用日志', caption: '通用日志记录' },
      api: { heading: '接口日志', caption: '接口日志记录' },
      error: { heading: '错误日志', caption: '错误日志记录' },
      details: '详情',
      detailTitle: '日志详情',
      empty: '暂无日志',
      fields: FIELDS_ZH,
    },
  },
  en: {
    logs: {
      usual: { heading: 'Usual log', caption: 'Usual log records' },
      api: { heading: 'API log', caption: 'API log records' },
      error: { heading: 'Error log', caption: 'Error log records' },
      details: 'Details',
      detailTitle: 'Log details',
      empty: 'No log records',
      fields: FIELDS_EN,
    },
  },
});

import { registerTexts } from '@ops/shared';
import { NS } from '../texts';

/** The assistant's pages (keys prefixed `page.`): the diagnosis process and the AI page's side view. */
registerTexts(NS, {
  zh: {
    page: {
      diagnosis: '故障诊断',
      steps: '诊断过程',
      conclusion: '诊断结论',
      noFault: '链接没有指明故障（缺少 fdpId）',
      loading: '正在加载诊断过程…',
      failed: '诊断过程加载失败{{reason}}',
      retry: '重试',
      current: '当前步骤',
      normal: '正常',
      abnormal: '异常',
      unknown: '未知',
      fault: '故障',
      station: '电站',
      device: '设备',
      time: '时间',
      error: '异常信息',
      media: '画面与视频',
      badMedia: '链接中的画面或视频地址无法识别',
    },
  },
  en: {
    page: {
      diagnosis: 'Fault diagnosis',
      steps: 'Diagnosis steps',
      conclusion: 'Conclusion',
      noFault: 'The link names no fault (fdpId is missing)',
      loading: 'Loading the diagnosis…',
      failed: 'The diagnosis could not be loaded{{reason}}',
      retry: 'Retry',
      current: 'Current step',
      normal: 'Normal',
      abnormal: 'Abnormal',
      unknown: 'Unknown',
      fault: 'Fault',
      station: 'Station',
      device: 'Device',
      time: 'Time',
      error: 'Error',
      media: 'Screen and video',
      badMedia: 'The screen or video address in the link cannot be read',
    },
  },
});

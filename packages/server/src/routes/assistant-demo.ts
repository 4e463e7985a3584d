/**
 * The documented demo question of every action function (docs/api.md "Assistant demo questions"), asked
 * as the hydropower tenant's administrator (tenant 100001, whose first station is 飞来峡水电站). The server
 * tests ask each of them; browser tests can take them from here.
 */
export const DEMO_QUESTIONS = [
  { func: 'select_number', zh: '第2个', en: 'number 2' },
  { func: 'stations_num', zh: '一共有多少座电站？', en: 'How many stations are there?' },
  { func: 'choose_station', zh: '选择电站', en: 'Choose a station' },
  { func: 'show_data', zh: '飞来峡的运行情况', en: 'How is Feilaixia running?' },
  { func: 'show_param', zh: '飞来峡1号机组的参数', en: 'Parameters of Feilaixia unit 1' },
  { func: 'choose_yc', zh: '飞来峡的遥测数据', en: 'Telemetry of Feilaixia' },
  {
    func: 'history_data',
    zh: '飞来峡1号机组有功功率的历史曲线',
    en: 'History curve of Feilaixia unit 1 active power',
  },
  { func: 'choose_scada', zh: '查看监控画面', en: 'Show the SCADA screens' },
  { func: 'choose_canvas', zh: '飞来峡的监控画面', en: 'SCADA screens of Feilaixia' },
  { func: 'open_canvas', zh: '打开飞来峡的主接线图', en: 'Open the main wiring diagram of Feilaixia' },
  { func: 'choose_video', zh: '飞来峡的视频监控', en: 'Cameras of Feilaixia' },
  { func: 'open_video', zh: '打开飞来峡的大坝全景视频', en: 'Open the Feilaixia dam camera' },
  { func: 'choose_fault', zh: '飞来峡的故障记录', en: 'Faults of Feilaixia' },
  { func: 'result_diagnose', zh: '诊断飞来峡的最新故障', en: 'Diagnose the latest fault of Feilaixia' },
  { func: 'confirm_yk', zh: '飞来峡1号机组信号复归', en: 'Feilaixia unit 1 signal reset' },
  { func: 'control_device', zh: '遥控飞来峡1号机组', en: 'Remote control of Feilaixia unit 1' },
  { func: 'knowledge', zh: '机组振动过大怎么处理？', en: 'How to handle high unit vibration?' },
  { func: 'choose_instruct', zh: '有哪些数据指令？', en: 'Which instructs are there?' },
  { func: 'open_instruct', zh: '执行指令：日发电量统计', en: 'Run the instruct daily energy report' },
  { func: 'record', zh: '记录运行日志', en: 'Record the shift log' },
  { func: 'open_menu', zh: '打开消息中心', en: 'Open the notice center' },
  { func: 'choose_menu', zh: '打开请假菜单', en: 'Open a leave menu' },
] as const;

/** The demo instruct that runs through its `apiUrl` (the direct POST) rather than dataRecord/execute. */
export const DEMO_APIURL_QUESTION = {
  zh: '执行指令：设备健康评估',
  en: 'Run the instruct device health check',
};

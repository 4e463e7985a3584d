/**
 * Unit 1 of the Feilaixia station, as the reference server seeds it: the device the remote-control and
 * device-control tests command. Spread into the device lists and requests a test builds; expectations
 * keep their own literal values.
 */
export const UNIT_1 = {
  projectId: 'HS0001',
  projectName: '飞来峡水电站',
  deviceCode: 'HS0001-G1',
  deviceName: '1号机组',
} as const;

/** The signed-in user as the server's user/info answers it, for the profile tests. */
export const USER_ANSWER = {
  id: '3',
  account: 'operator',
  name: 'op',
  realName: '李娜',
  email: 'lina@example.com',
  phone: '13800000003',
  avatar: '',
  deptId: '1001',
  deptName: '运行部',
};

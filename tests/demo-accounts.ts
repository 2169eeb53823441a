/** The active demo accounts the tests expect the seed to provide (password demo1234), with their roles. */
export const demoAccounts = [
  ['superbruker@demo.no', 'superuser'],
  ['admin@demo.no', 'admin'],
  ['bedrift@demo.no', 'company_admin'],
  ['elev@demo.no', 'individual'],
  ['ny@demo.no', 'individual'],
  ['ansatt@demo.no', 'individual'],
  ['ansatt2@demo.no', 'individual'],
] as const;

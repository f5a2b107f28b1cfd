export const team = {
  title: 'Our Team',
  underConstruction: 'Under Construction',
  underConstructionText: 'We are putting this page together. Please check back soon to meet the team.',
  departments: 'Departments',
  allDepartments: 'All',
} as const;

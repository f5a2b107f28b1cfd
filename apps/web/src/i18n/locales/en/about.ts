export const about = {
  'hero.title': 'About Us',
  'hero.text':
    'We run olympiads and competitions for school and college students across Bangladesh, and we believe every district has hidden scientists waiting to be found.',
  'statistics.title': 'Our reach',
  'journey.title': 'Our Journey',
  'journey.text1':
    'Since 2020 we have organised olympiads and competitions for students of grades 6 to 12, from the first online rounds to a national final.',
  'journey.text2':
    'Each year more students take part in the preliminary rounds, and the best of them meet at the national final round.',
  'objectives.title': 'Core Objectives',
  'objectives.1.title': 'Scientific innovation',
  'objectives.1.text': 'Encourage students to ask questions and try new ideas.',
  'objectives.2.title': 'Collaboration',
  'objectives.2.text': 'Bring schools, universities and young people together around science.',
  'objectives.3.title': 'Research excellence',
  'objectives.3.text': 'Set a high standard and reward careful, original thinking.',
  'objectives.4.title': 'Support for young scientists',
  'objectives.4.text': 'Give talented students the recognition, resources and mentors they need.',
  'values.title': 'Our Values',
  'values.excellence.title': 'Excellence',
  'values.excellence.text': 'We hold our questions, our events and ourselves to a high standard.',
  'values.innovation.title': 'Innovation',
  'values.innovation.text': 'We look for new ways to make science exciting and accessible.',
  'values.collaboration.title': 'Collaboration',
  'values.collaboration.text': 'We work with schools, partners and volunteers across the country.',
} as const;

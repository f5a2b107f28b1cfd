-- The spec's online final exam for ngso-1: 2025-01-14, 17:00 to 18:00 Asia/Dhaka for every category,
-- 6 short questions of 10 marks (60 in all). Organisers edit the schedule and the questions in the console.
INSERT INTO "exams" ("competition_id", "category", "starts_at", "ends_at")
SELECT c.id, cat.category, '2025-01-14T17:00:00+06:00', '2025-01-14T18:00:00+06:00'
FROM "competitions" c
CROSS JOIN (VALUES ('junior'), ('senior'), ('secondary')) AS cat(category)
WHERE c.code = 'ngso-1'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "questions" ("competition_id", "category", "position", "marks", "question_english", "question_bangla")
SELECT c.id, cat.category, q.position, 10, q.english, q.bangla
FROM "competitions" c
CROSS JOIN (VALUES ('junior'), ('senior'), ('secondary')) AS cat(category)
CROSS JOIN (VALUES
  (1, 'Why does a spoon look bent in a glass of water? Explain with a labelled drawing.', 'পানির গ্লাসে চামচ বাঁকা দেখায় কেন? চিহ্নিত চিত্রসহ ব্যাখ্যা করো।'),
  (2, 'Describe how plants make their food. Write the word equation.', 'উদ্ভিদ কীভাবে খাদ্য তৈরি করে বর্ণনা করো। শব্দ-সমীকরণটি লেখো।'),
  (3, 'A car travels 120 km in 2 hours. Find its average speed, showing each step.', 'একটি গাড়ি ২ ঘণ্টায় ১২০ কিমি যায়। প্রতিটি ধাপ দেখিয়ে এর গড় দ্রুতি নির্ণয় করো।'),
  (4, 'Draw the water cycle and name each of its stages.', 'পানিচক্রের চিত্র আঁকো এবং এর প্রতিটি ধাপের নাম লেখো।'),
  (5, 'Why do we see the Moon''s phases? Explain with a diagram.', 'আমরা চাঁদের কলা দেখি কেন? চিত্রসহ ব্যাখ্যা করো।'),
  (6, 'Design a simple experiment to show that air has weight.', 'বাতাসের যে ওজন আছে তা দেখানোর জন্য একটি সহজ পরীক্ষা পরিকল্পনা করো।')
) AS q(position, english, bangla)
WHERE c.code = 'ngso-1';

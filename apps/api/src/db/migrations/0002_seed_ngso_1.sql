-- The spec's competition, ngso-1, and its final-round details (FAQ: 26 and 27 December 2024 at a university).
-- Organisers edit these later in the console; next year's competition is a new row.
INSERT INTO "competitions" ("code", "name", "fee_bdt")
VALUES ('ngso-1', '1st National General Science Olympiad', 299)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "final_round_details" ("competition_id", "category", "date", "reporting_time", "time", "venue", "influencer_session", "departure")
SELECT c.id, d.category, d.date, '8:30 AM', '10:00 AM to 1:00 PM', 'Central University Campus, Dhaka',
       'Science discussion episode with guest scientists, 2:30 PM', 'Free transport from the designated pick-up spots at 7:00 AM'
FROM "competitions" c
CROSS JOIN (VALUES ('junior', 'December 26, 2024'), ('senior', 'December 26, 2024'), ('secondary', 'December 27, 2024')) AS d(category, date)
WHERE c.code = 'ngso-1'
ON CONFLICT DO NOTHING;

-- A new form sets its student's first touch by itself (decision 028, 2026-12-07). The first
-- touch is the campaign of a student's first form (enquiries, registrations and intakes, by
-- time, then id). An insert's statement trigger looked the whole answer up again for every
-- student it touched (refresh_first_touch: three look-ups, a sort and a plan each time), a third
-- of the time of filing a new student's form. A form added can only make itself the first
-- touch, and only when no form of its student comes before it, so each new form now checks just
-- that, row by row, and writes its own campaign when it is the first; in a statement of several
-- forms of one student only the earliest passes. A form moved, changed or removed still has its
-- students' first touch looked up again from all their forms (the update and delete triggers
-- stay as they were).
CREATE FUNCTION "student_facts_after_form_row_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_facts f SET
    utm_source = coalesce(NEW.utm_source, ''), utm_medium = coalesce(NEW.utm_medium, ''),
    utm_campaign = coalesce(NEW.utm_campaign, '')
  WHERE f.student_id = NEW.student_id
    AND (f.utm_source, f.utm_medium, f.utm_campaign)
      IS DISTINCT FROM (coalesce(NEW.utm_source, ''), coalesce(NEW.utm_medium, ''), coalesce(NEW.utm_campaign, ''))
    AND NOT EXISTS (SELECT 1 FROM enquiries e
      WHERE e.student_id = NEW.student_id AND (e.created_at, e.id) < (NEW.created_at, NEW.id))
    AND NOT EXISTS (SELECT 1 FROM registrations r
      WHERE r.student_id = NEW.student_id AND (r.created_at, r.id) < (NEW.created_at, NEW.id))
    AND NOT EXISTS (SELECT 1 FROM student_intakes i
      WHERE i.student_id = NEW.student_id AND (i.created_at, i.id) < (NEW.created_at, NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "enquiries_facts_insert" ON "enquiries";--> statement-breakpoint
DROP TRIGGER "registrations_facts_insert" ON "registrations";--> statement-breakpoint
DROP TRIGGER "student_intakes_facts_insert" ON "student_intakes";--> statement-breakpoint
DROP FUNCTION "student_facts_after_form_insert"();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_insert" AFTER INSERT ON "enquiries"
  FOR EACH ROW WHEN (NEW.student_id IS NOT NULL) EXECUTE FUNCTION student_facts_after_form_row_insert();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_insert" AFTER INSERT ON "registrations"
  FOR EACH ROW WHEN (NEW.student_id IS NOT NULL) EXECUTE FUNCTION student_facts_after_form_row_insert();--> statement-breakpoint
CREATE TRIGGER "student_intakes_facts_insert" AFTER INSERT ON "student_intakes"
  FOR EACH ROW WHEN (NEW.student_id IS NOT NULL) EXECUTE FUNCTION student_facts_after_form_row_insert();

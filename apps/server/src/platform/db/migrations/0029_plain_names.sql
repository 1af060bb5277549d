-- Names shown to other people (a shop's name, a user's display name, a merchant's retailer
-- name) are one line of plain text from now on: control characters (line breaks and tabs
-- included), Unicode line and paragraph separators and text-direction marks are refused at
-- input. Names saved before that are cleaned here the same way a reader would see them: each
-- such character becomes a space, runs of spaces one space, and the ends are trimmed. A name
-- left empty falls back to what else names the row.

update businesses
set name = coalesce(
  nullif(btrim(regexp_replace(
    regexp_replace(name, '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]', ' ', 'g'),
    '\s+', ' ', 'g')), ''),
  domain)
where name ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]';

update identity_users
set display_name = nullif(btrim(regexp_replace(
  regexp_replace(display_name, '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]', ' ', 'g'),
  '\s+', ' ', 'g')), '')
where display_name ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]';

update retailers
set display_name = coalesce(
  nullif(btrim(regexp_replace(
    regexp_replace(display_name, '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]', ' ', 'g'),
    '\s+', ' ', 'g')), ''),
  key)
where display_name ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]';

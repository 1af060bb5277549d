-- A user an admin disabled is also "restricted by administrator" in the identity API (module
-- admin sets and lifts it with the disable), so that their access tokens say so and identity
-- requests that do not allow restricted users refuse them. Users disabled before this change
-- get the same mark.
update identity_users
set restricted_by_admin = true,
    restricted_by_admin_reason = 'Disabled by an ipick admin.',
    restricted_by_admin_private_details = null
where id in (select user_id from auth_disabled_users);

-- 034_account_email_keys.sql: written by npm run new:migration from the declarations (src/domain/resources)
-- and their schemas, to bring the tables to them. It removes:
--   users.(email): no unique index of the natural key
--   web_admins.(email): no unique index of the natural key

CREATE UNIQUE INDEX users_natural_key ON users (email);
CREATE UNIQUE INDEX web_admins_natural_key ON web_admins (email);

-- Events sent from ipick's own tracking test page (/tracking-test) with a merchant's
-- publishable key. They are kept so the page can show them live, but they are not the shop's
-- traffic: dashboards, journeys and attribution leave them out, and a test purchase records no
-- sale.
alter table tracking_events add column is_test boolean not null default false;

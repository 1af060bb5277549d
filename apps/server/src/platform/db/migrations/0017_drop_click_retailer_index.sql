-- No query reads clicks by retailer: the dashboards read them by business, the merchant catalog
-- by offer and the admin overview by time. The retailer index of 0009 was written on most
-- clicks (every named retailer's) for nothing, before each redirect was answered.
drop index clicks_retailer_time_idx;

-- A hand-made Spare Cores database (sc-data-all.db) in the layout sc-crawler creates (src/sc_crawler/table_bases.py,
-- table_fields.py): the tables the importer reads, with the columns of the real file, and enum columns holding the
-- enum names as SQLAlchemy stores them (ONDEMAND, HOUR, ACTIVE), a few in lower case. Prices are illustrative
-- except where docs/import-formats.md cites them (p4d.24xlarge 32.7726, p5.48xlarge 55.04).
CREATE TABLE vendor (
	vendor_id VARCHAR NOT NULL,
	name VARCHAR NOT NULL,
	homepage VARCHAR NOT NULL,
	country_id VARCHAR NOT NULL,
	founding_year INTEGER NOT NULL,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id)
);
CREATE TABLE region (
	vendor_id VARCHAR NOT NULL,
	region_id VARCHAR NOT NULL,
	name VARCHAR NOT NULL,
	api_reference VARCHAR NOT NULL,
	display_name VARCHAR NOT NULL,
	aliases JSON NOT NULL,
	country_id VARCHAR NOT NULL,
	city VARCHAR,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id, region_id),
	FOREIGN KEY(vendor_id) REFERENCES vendor (vendor_id)
);
CREATE TABLE zone (
	vendor_id VARCHAR NOT NULL,
	region_id VARCHAR NOT NULL,
	zone_id VARCHAR NOT NULL,
	name VARCHAR NOT NULL,
	api_reference VARCHAR NOT NULL,
	display_name VARCHAR NOT NULL,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id, region_id, zone_id),
	FOREIGN KEY(vendor_id, region_id) REFERENCES region (vendor_id, region_id)
);
CREATE TABLE server (
	vendor_id VARCHAR NOT NULL,
	server_id VARCHAR NOT NULL,
	name VARCHAR NOT NULL,
	api_reference VARCHAR NOT NULL,
	display_name VARCHAR NOT NULL,
	description VARCHAR NOT NULL,
	family VARCHAR,
	vcpus INTEGER NOT NULL,
	hypervisor VARCHAR,
	cpu_allocation VARCHAR(9) NOT NULL,
	cpu_cores INTEGER,
	cpu_architecture VARCHAR(6) NOT NULL,
	cpu_manufacturer VARCHAR,
	cpu_family VARCHAR,
	cpu_model VARCHAR,
	cpus JSON NOT NULL,
	memory_amount INTEGER NOT NULL,
	memory_generation VARCHAR(4),
	gpu_count FLOAT NOT NULL,
	gpu_memory_min INTEGER,
	gpu_memory_total INTEGER,
	gpu_manufacturer VARCHAR,
	gpu_family VARCHAR,
	gpu_model VARCHAR,
	gpus JSON NOT NULL,
	storage_size INTEGER NOT NULL,
	storage_type VARCHAR(7),
	network_speed_baseline FLOAT,
	network_speed_max FLOAT,
	inbound_traffic FLOAT NOT NULL,
	outbound_traffic FLOAT NOT NULL,
	ipv4 INTEGER NOT NULL,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id, server_id),
	FOREIGN KEY(vendor_id) REFERENCES vendor (vendor_id)
);
CREATE TABLE server_price (
	vendor_id VARCHAR NOT NULL,
	region_id VARCHAR NOT NULL,
	zone_id VARCHAR NOT NULL,
	server_id VARCHAR NOT NULL,
	operating_system VARCHAR NOT NULL,
	allocation VARCHAR(8) NOT NULL,
	unit VARCHAR(8) NOT NULL,
	price FLOAT NOT NULL,
	price_upfront FLOAT NOT NULL,
	price_tiered JSON NOT NULL,
	currency VARCHAR NOT NULL,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id, region_id, zone_id, server_id, allocation),
	FOREIGN KEY(vendor_id) REFERENCES vendor (vendor_id),
	FOREIGN KEY(vendor_id, region_id) REFERENCES region (vendor_id, region_id),
	FOREIGN KEY(vendor_id, region_id, zone_id) REFERENCES zone (vendor_id, region_id, zone_id),
	FOREIGN KEY(vendor_id, server_id) REFERENCES server (vendor_id, server_id)
);

INSERT INTO vendor VALUES ('aws', 'Amazon Web Services', 'https://aws.amazon.com', 'US', 2002, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO vendor VALUES ('gcp', 'Google Cloud Platform', 'https://cloud.google.com', 'US', 2008, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO vendor VALUES ('hcloud', 'Hetzner Cloud', 'https://www.hetzner.com/cloud/', 'DE', 1997, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO region VALUES ('aws', 'us-east-1', 'US East (N. Virginia)', 'us-east-1', 'Virginia', '[]', 'US', 'Ashburn', 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO region VALUES ('gcp', '1230', 'us-central1', 'us-central1', 'Iowa', '[]', 'US', 'Council Bluffs', 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO region VALUES ('hcloud', '3', 'hel1', 'hel1', 'Helsinki', '[]', 'FI', 'Helsinki', 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO zone VALUES ('aws', 'us-east-1', 'use1-az1', 'us-east-1a', 'use1-az1', 'us-east-1a', 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO zone VALUES ('aws', 'us-east-1', 'us-east-1', 'us-east-1', 'us-east-1', 'us-east-1', 'ACTIVE', '2025-04-10 09:12:44.123456');

INSERT INTO server VALUES ('aws', 'p4d.24xlarge', 'p4d.24xlarge', 'p4d.24xlarge', 'p4d.24xlarge', 'Accelerated computing [Intel]', 'p4d', 96, 'nitro', 'DEDICATED', 48, 'X86_64', 'Intel', 'Xeon', '8275L', '[]', 1179648, 'DDR4', 8.0, 40960, 327680, 'NVIDIA', 'Ampere', 'A100', '[]', 8000, 'SSD', 400.0, 400.0, 0.0, 0.0, 1, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('aws', 'p5.48xlarge', 'p5.48xlarge', 'p5.48xlarge', 'p5.48xlarge', 'Accelerated computing [AMD]', 'p5', 192, 'nitro', 'DEDICATED', 96, 'X86_64', 'AMD', 'EPYC', '7R13', '[]', 2097152, 'DDR5', 8.0, 81559, 652472, 'NVIDIA', 'Hopper', 'H100', '[]', 30400, 'NVME SSD', 3200.0, 3200.0, 0.0, 0.0, 1, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('aws', 'g4ad.xlarge', 'g4ad.xlarge', 'g4ad.xlarge', 'g4ad.xlarge', 'Graphics intensive [AMD]', 'g4ad', 4, 'nitro', 'DEDICATED', 2, 'X86_64', 'AMD', 'EPYC', '7R32', '[]', 16384, 'DDR4', 1.0, 8192, 8192, 'AMD', 'Navi', 'Radeon Pro V520', '[]', 150, 'NVME SSD', 2.0, 10.0, 0.0, 0.0, 1, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('aws', 'm5.large', 'm5.large', 'm5.large', 'm5.large', 'General purpose [Intel]', 'm5', 2, 'nitro', 'DEDICATED', 1, 'X86_64', 'Intel', 'Xeon', '8175M', '[]', 8192, 'DDR4', 0.0, NULL, NULL, NULL, NULL, NULL, '[]', 0, NULL, 0.75, 10.0, 0.0, 0.0, 1, 'ACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('aws', 'p3.2xlarge', 'p3.2xlarge', 'p3.2xlarge', 'p3.2xlarge', 'Accelerated computing [Intel]', 'p3', 8, 'xen', 'DEDICATED', 4, 'X86_64', 'Intel', 'Xeon', 'E5-2686 v4', '[]', 62464, 'DDR4', 1.0, 16384, 16384, 'NVIDIA', 'Volta', 'V100', '[]', 0, NULL, 10.0, 10.0, 0.0, 0.0, 1, 'INACTIVE', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('gcp', '1000108', 'a2-ultragpu-1g', 'a2-ultragpu-1g', 'a2-ultragpu-1g', 'Accelerator Optimized', 'a2', 12, 'KVM', 'DEDICATED', 6, 'X86_64', 'Intel', 'Xeon', '', '[]', 174080, NULL, 1.0, 81920, 81920, 'NVIDIA', 'Ampere', 'A100', '[]', 375, 'SSD', 24.0, 24.0, 0.0, 0.0, 1, 'active', '2025-04-10 09:12:44.123456');
INSERT INTO server VALUES ('hcloud', '22', 'cx22', 'cx22', 'CX22', 'Shared vCPU Intel', 'cx', 2, 'KVM', 'SHARED', NULL, 'X86_64', 'Intel', 'Xeon', '', '[]', 4096, NULL, 0.0, NULL, NULL, NULL, NULL, NULL, '[]', 40, 'SSD', NULL, NULL, 0.0, 20000.0, 1, 'ACTIVE', '2025-04-10 09:12:44.123456');

-- kept: on-demand (upper-case enums), spot (lower case), the zone-less on-demand row (zone = region)
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'p4d.24xlarge', 'Linux', 'ONDEMAND', 'HOUR', 32.7726, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'use1-az1', 'p4d.24xlarge', 'Linux', 'spot', 'hour', 9.8318, 0.0, '[]', 'USD', 'active', '2025-04-11 08:45:00.000000');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'p5.48xlarge', 'Linux', 'ONDEMAND', 'HOUR', 55.04, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'g4ad.xlarge', 'Linux', 'ONDEMAND', 'HOUR', 0.37853, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'm5.large', 'Linux', 'Ondemand', 'Hour', 0.096, 0.0, '[]', 'USD', 'Active', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('gcp', '1230', '1230', '1000108', 'Linux', 'ONDEMAND', 'HOUR', 5.0688, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
-- skipped: reserved (no term length), per month, another currency, Windows, inactive price, inactive server, 0
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'p5.48xlarge', 'Linux', 'RESERVED', 'HOUR', 37.0, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'use1-az1', 'm5.large', 'Linux', 'ONDEMAND', 'MONTH', 70.08, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('hcloud', '3', '3', '22', 'Linux', 'ONDEMAND', 'HOUR', 0.006, 0.0, '[]', 'EUR', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'use1-az1', 'g4ad.xlarge', 'Windows', 'ONDEMAND', 'HOUR', 0.56653, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('gcp', '1230', 'us-central1-a', '1000108', 'Linux', 'SPOT', 'HOUR', 1.6, 0.0, '[]', 'USD', 'INACTIVE', '2025-03-01 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'us-east-1', 'p3.2xlarge', 'Linux', 'ONDEMAND', 'HOUR', 3.06, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');
INSERT INTO server_price VALUES ('aws', 'us-east-1', 'use1-az1', 'p5.48xlarge', 'Linux', 'SPOT', 'HOUR', 0.0, 0.0, '[]', 'USD', 'ACTIVE', '2025-04-10 10:01:02.000001');

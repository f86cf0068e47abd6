-- The newer sc-crawler layout, whose server table names its GPU columns accelerator_* (accelerator_count,
-- accelerator_model, ...): two Azure servers. Only the tables the importer reads. Prices from
-- docs/import-formats.md (Azure Retail Prices, eastus).
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
	accelerator_count FLOAT NOT NULL,
	accelerator_memory_min INTEGER,
	accelerator_memory_total INTEGER,
	accelerator_manufacturer VARCHAR,
	accelerator_family VARCHAR,
	accelerator_model VARCHAR,
	accelerators JSON NOT NULL,
	storage_size INTEGER NOT NULL,
	storage_type VARCHAR(7),
	network_speed_baseline FLOAT,
	network_speed_max FLOAT,
	inbound_traffic FLOAT NOT NULL,
	outbound_traffic FLOAT NOT NULL,
	ipv4 INTEGER NOT NULL,
	status VARCHAR(8) NOT NULL,
	observed_at DATETIME NOT NULL,
	PRIMARY KEY (vendor_id, server_id)
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
	FOREIGN KEY(vendor_id, server_id) REFERENCES server (vendor_id, server_id)
);

INSERT INTO server VALUES ('azure', 'Standard_NC24ads_A100_v4', 'Standard_NC24ads_A100_v4', 'Standard_NC24ads_A100_v4', 'NC24ads A100 v4', 'GPU accelerated', 'NCads_A100_v4', 24, 'Hyper-V', 'DEDICATED', 24, 'X86_64', 'AMD', 'EPYC', '7V13', '[]', 225280, NULL, 1.0, 81920, 81920, 'NVIDIA', 'Ampere', 'A100', '[]', 64, 'SSD', NULL, NULL, 0.0, 0.0, 1, 'ACTIVE', '2025-06-02 07:30:00.000000');
INSERT INTO server VALUES ('azure', 'Standard_ND96isr_H100_v5', 'Standard_ND96isr_H100_v5', 'Standard_ND96isr_H100_v5', 'ND96isr H100 v5', 'GPU accelerated', 'NDsr_H100_v5', 96, 'Hyper-V', 'DEDICATED', 96, 'X86_64', 'Intel', 'Xeon', '8480C', '[]', 1945600, NULL, 8.0, 81920, 655360, 'NVIDIA', 'Hopper', 'H100', '[]', 28000, 'NVME SSD', NULL, NULL, 0.0, 0.0, 1, 'ACTIVE', '2025-06-02 07:30:00.000000');
INSERT INTO server_price VALUES ('azure', 'eastus', '1', 'Standard_NC24ads_A100_v4', 'Linux', 'ONDEMAND', 'HOUR', 3.673, 0.0, '[]', 'USD', 'ACTIVE', '2025-06-02 07:30:00.000000');
INSERT INTO server_price VALUES ('azure', 'eastus', '1', 'Standard_NC24ads_A100_v4', 'Linux', 'SPOT', 'HOUR', 0.7345, 0.0, '[]', 'USD', 'ACTIVE', '2025-06-02 07:35:00.000000');
INSERT INTO server_price VALUES ('azure', 'eastus', '1', 'Standard_ND96isr_H100_v5', 'Linux', 'ONDEMAND', 'HOUR', 98.32, 0.0, '[]', 'USD', 'ACTIVE', '2025-06-02 07:30:00.000000');

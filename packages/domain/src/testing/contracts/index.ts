// Contract suites: functions taking a factory, run against in-memory and real adapters.
export {};

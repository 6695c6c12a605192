// SIP URI syntax lives in lib/net (no SIP stack needed), so that services can check a trunk's URI when it is saved.
export * from "@/lib/net/sip-uri";

export * from "./accounts";
export * from "./agents";
export * from "./analytics";
export * from "./calls";
export * from "./knowledge-bases";
export * from "./phone-numbers";
export * from "./platform";
export * from "./workers";
export * from "./sip-media";
export * from "./telephony";
export * from "./agent-tests";
export * from "./campaigns";

export * from "./audit";
export * from "./media-instances";

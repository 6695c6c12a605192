export { ConsoleLoading as default } from "@/components/console/page-loading";

#include "page_address.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

namespace tessera::web {
namespace {

std::string firstNetworkAddress() {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return "";
  std::string found;
  for (const ifaddrs* i = list; i && found.empty(); i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN] = {};
    const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
    if (::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) found = text;
  }
  ::freeifaddrs(list);
  return found;
}

}  // namespace

std::string pageAddress(const std::string& bindAddress, unsigned short port) {
  std::string host = bindAddress;
  if (host == "0.0.0.0" || host == "::") host = firstNetworkAddress();
  if (host.empty()) host = "localhost";
  if (host.find(':') != std::string::npos) host = "[" + host + "]";  // IPv6
  return "http://" + host + ":" + std::to_string(port) + "/";
}

std::string pairingAddress(const std::string& pageAddress, const std::string& code) { return pageAddress + "#pair=" + code; }

}  // namespace tessera::web

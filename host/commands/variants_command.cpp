#include <ostream>

#include "commands.hpp"
#include "core/rules/variant.hpp"
#include "host/cli/options.hpp"

namespace tessera::commands {

cli::Command variantsCommand() {
  static const std::vector<cli::OptionSpec> specs = {};
  return {"variants", "list the built-in variants",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera variants", "Lists the built-in variants with their boards.", specs);
              return 0;
            }
            for (const std::string& name : builtinVariantNames()) {
              const Variant& v = builtinVariant(name);
              out << name << "  (" << v.size.files << "x" << v.size.ranks << ", " << v.pieces.size()
                  << " piece types)  " << v.title << "\n";
            }
            return 0;
          }};
}

}  // namespace tessera::commands

#!/usr/bin/env bash
# Runs the GpioSim.* tests (the real libgpiod driver against the kernel's gpio-sim) inside the
# project's small QEMU virtual machine (scripts/vm-lib.sh), for machines whose own kernel has no
# configfs or gpio-sim.
#
#   usage: scripts/test-gpio-sim.sh [path/to/tessera_gpio_tests]
#   binary: the argument, else $TESSERA_GPIO_TESTS, else build/tests/gpio/tessera_gpio_tests
#   $TESSERA_VM_TIMEOUT: seconds the VM may run (default 120)
#
# The kernel is Debian's linux-image-amd64 (6.1). Debian builds it without CONFIG_GPIO_SIM (and
# without CONFIG_IRQ_SIM, which gpio-sim uses), so gpio-sim.ko is built here, once, as an
# out-of-tree module against linux-headers-amd64 from the matching linux-source-6.1:
# drivers/gpio/gpio-sim.c plus kernel/irq/irq_sim.c linked into the same module. irq_sim.c calls
# irq_to_desc(), which the kernel does not export to modules; it is replaced by
# generic_handle_irq(), which runs the same handler (handle_simple_irq, set when the interrupt is
# mapped). configfs is a module of the Debian kernel and is loaded first; the VM mounts it.
#
# This script prints the tests' output and exits with their exit code; it fails if a test was
# skipped or no GpioSim test ran. Work files: <binary's directory>/gpio-sim-vm/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-vm.sh >/dev/null

vm_name=test-gpio-sim
binary="${1:-${TESSERA_GPIO_TESTS:-build/tests/gpio/tessera_gpio_tests}}"
[ -x "$binary" ] || { echo "$vm_name: no test binary at $binary (build it: ninja -C build tessera_gpio_tests)" >&2; exit 1; }
binary="$(realpath "$binary")"
vm_work="$(dirname "$binary")/gpio-sim-vm"
started=$SECONDS
mkdir -p "$vm_work"
source scripts/vm-lib.sh
vm_pick_kernel

# --- gpio-sim.ko ---------------------------------------------------------------------------------
sim_module=""
case "$(vm_config_value GPIO_SIM)" in
  y) ;;  # built in: nothing to load
  m) sim_module="$(modinfo -k "$vm_kernel" -F filename gpio-sim)" ;;
  *)
    sim_module="$(vm_built_module gpio-sim)"
    if [ -z "$sim_module" ]; then
      vm_module_from_source gpio-sim drivers/gpio/gpio-sim.c drivers/gpio/gpiolib.h kernel/irq/irq_sim.c
      src="$vm_module_src"
      cp "$src/drivers/gpio/gpio-sim.c" "$src/gpio-sim-main.c"
      cp "$src/drivers/gpio/gpiolib.h" "$src/gpiolib.h"
      objects="gpio-sim-main.o"
      if [ "$(vm_config_value IRQ_SIM)" != y ]; then
        cp "$src/kernel/irq/irq_sim.c" "$src/irq_sim.c"
        sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$src/irq_sim.c"
        grep -q 'irq_to_desc' "$src/irq_sim.c" && vm_die "irq_sim.c still calls irq_to_desc (source changed?)"
        objects="$objects irq_sim.o"
      fi
      printf 'obj-m := gpio-sim.o\ngpio-sim-y := %s\n' "$objects" >"$src/Kbuild"
      sim_module="$(vm_make_module gpio-sim)"
    fi
    ;;
esac

if [ "$(vm_config_value CONFIGFS_FS)" = m ]; then vm_add_module configfs; fi
if [ -n "$sim_module" ]; then vm_add_module "$sim_module"; fi

script="$vm_work/run-tests.sh"
printf "cd /tmp && '%s' --gtest_filter='GpioSim.*' --gtest_color=no\n" "$binary" >"$script"
vm_run "$script"
log="$vm_console"
sed -n '/TESSERA-VM-START/,/TESSERA-VM-EXIT=/p' "$log" | sed '1d;$d'
ran="$(grep -c '^\[ RUN      \] GpioSim\.' "$log" || true)"
passed="$(grep -c '^\[       OK \] GpioSim\.' "$log" || true)"
failed="$(grep -c '^\[  FAILED  \] GpioSim\.[^ ]* (' "$log" || true)"
skipped="$(grep -c '^\[  SKIPPED \] GpioSim\.[^ ]* (' "$log" || true)"
vm_say "in the VM ($vm_kernel): $ran run, $passed passed, $failed failed, $skipped skipped; $((SECONDS - started)) s in all"
echo "gpio-sim: $passed passed, $failed failed, $skipped skipped"
[ "$ran" -gt 0 ] || vm_die "no GpioSim test ran"
[ "$skipped" -eq 0 ] && ! grep -q 'SKIPPED' "$log" || vm_die "GpioSim tests were skipped in the VM (the reason is printed above)"
if [ "$vm_status" != 0 ]; then exit "$vm_status"; fi
[ "$passed" -eq "$ran" ] || vm_die "$ran ran but only $passed passed"
exit 0

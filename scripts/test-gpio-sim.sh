#!/usr/bin/env bash
# Runs the GpioSim.* tests (the real libgpiod driver against the kernel's gpio-sim) inside a small
# QEMU virtual machine, for machines whose own kernel has no configfs or gpio-sim.
#
#   usage: scripts/test-gpio-sim.sh [path/to/tessera_gpio_tests]
#   binary: the argument, else $TESSERA_GPIO_TESTS, else build/tests/gpio/tessera_gpio_tests
#   $TESSERA_GPIO_SIM_TIMEOUT: seconds the VM may run (default 120)
#
# Everything comes from Debian packages (scripts/setup.sh installs them): the kernel is Debian's
# linux-image-amd64 (6.1). Debian builds it without CONFIG_GPIO_SIM (and without CONFIG_IRQ_SIM,
# which gpio-sim uses), so gpio-sim.ko is built here, once, as an out-of-tree module against
# linux-headers-amd64 from the matching linux-source-6.1: drivers/gpio/gpio-sim.c plus
# kernel/irq/irq_sim.c linked into the same module. irq_sim.c calls irq_to_desc(), which the
# kernel does not export to modules; it is replaced by generic_handle_irq(), which runs the same
# handler (handle_simple_irq, set when the interrupt is mapped). configfs is a module of the
# Debian kernel and is loaded first.
#
# The initramfs holds a static busybox, the two modules, the test binary, the shared libraries
# ldd names (with the dynamic loader) and an init script that mounts proc, sysfs, devtmpfs and
# configfs, loads the modules, runs the tests, prints a marker line with their exit code and
# powers off. This script prints the tests' output and exits with their exit code; it fails if
# a test was skipped or no GpioSim test ran. Work files: <binary's directory>/gpio-sim-vm/.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "test-gpio-sim: $*"; }
die() { echo "test-gpio-sim: $*" >&2; exit 1; }

binary="${1:-${TESSERA_GPIO_TESTS:-build/tests/gpio/tessera_gpio_tests}}"
[ -x "$binary" ] || die "no test binary at $binary (build it: ninja -C build tessera_gpio_tests)"
binary="$(realpath "$binary")"
vm_timeout="${TESSERA_GPIO_SIM_TIMEOUT:-120}"
work="$(dirname "$binary")/gpio-sim-vm"
marker="TESSERA-GPIO-SIM-EXIT"
started=$SECONDS

for tool in qemu-system-x86_64 cpio make modinfo ldd xz; do
  command -v "$tool" >/dev/null || die "$tool is missing (run scripts/setup.sh)"
done
busybox=/bin/busybox
{ [ -x "$busybox" ] && ! ldd "$busybox" >/dev/null 2>&1; } ||
  die "$busybox is not a static busybox (install busybox-static: scripts/setup.sh)"

# The newest Debian kernel that has both its image and its headers installed.
kernel=""
for image in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V -r); do
  version="${image#/boot/vmlinuz-}"
  if [ -d "/lib/modules/$version/build" ] && [ -d "/lib/modules/$version/kernel" ]; then kernel="$version"; break; fi
done
[ -n "$kernel" ] || die "no kernel with headers in /boot and /lib/modules (install linux-image-amd64 and linux-headers-amd64: scripts/setup.sh)"
[ -r "/boot/vmlinuz-$kernel" ] || die "/boot/vmlinuz-$kernel is not readable"
kernel_config="/boot/config-$kernel"
say "kernel $kernel"

# --- gpio-sim.ko ---------------------------------------------------------------------------------
config_value() { sed -n "s/^CONFIG_$1=//p" "$kernel_config"; }
module_dir="$work/module-$kernel"
sim_module=""
case "$(config_value GPIO_SIM)" in
  y) ;;  # built in: nothing to load
  m) sim_module="$(modinfo -k "$kernel" -F filename gpio-sim)" ;;
  *)
    sim_module="$module_dir/gpio-sim.ko"
    if [ ! -s "$sim_module" ]; then
      major_minor="$(echo "$kernel" | cut -d. -f1-2)"
      tarball="/usr/src/linux-source-$major_minor.tar.xz"
      [ -r "$tarball" ] || die "$tarball is missing (install linux-source-$major_minor: scripts/setup.sh)"
      # gpio-sim reaches into gpiolib's own structures: the source must be the kernel's version.
      image_version="$(dpkg-query -W -f='${Version}' "linux-image-$kernel" 2>/dev/null ||
        dpkg-query -W -f='${Version}' "linux-image-$kernel-unsigned" 2>/dev/null || true)"
      source_version="$(dpkg-query -W -f='${Version}' "linux-source-$major_minor" 2>/dev/null || true)"
      [ -n "$image_version" ] && [ "$image_version" = "$source_version" ] ||
        die "linux-source-$major_minor ($source_version) does not match linux-image-$kernel ($image_version)"
      say "building gpio-sim.ko for $kernel from linux-source-$major_minor $source_version"
      rm -rf "$module_dir" && mkdir -p "$module_dir/src"
      top="linux-source-$major_minor"
      tar -xJf "$tarball" -C "$module_dir/src" --strip-components=1 \
        "$top/drivers/gpio/gpio-sim.c" "$top/drivers/gpio/gpiolib.h" "$top/kernel/irq/irq_sim.c"
      src="$module_dir/src"
      cp "$src/drivers/gpio/gpio-sim.c" "$src/gpio-sim-main.c"
      cp "$src/drivers/gpio/gpiolib.h" "$src/gpiolib.h"
      objects="gpio-sim-main.o"
      if [ "$(config_value IRQ_SIM)" != y ]; then
        cp "$src/kernel/irq/irq_sim.c" "$src/irq_sim.c"
        sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$src/irq_sim.c"
        grep -q 'irq_to_desc' "$src/irq_sim.c" && die "irq_sim.c still calls irq_to_desc (source changed?)"
        objects="$objects irq_sim.o"
      fi
      printf 'obj-m := gpio-sim.o\ngpio-sim-y := %s\n' "$objects" >"$src/Kbuild"
      make -s -C "/lib/modules/$kernel/build" M="$src" -j"$(nproc)" modules >"$module_dir/build.log" 2>&1 ||
        { cat "$module_dir/build.log" >&2; die "building gpio-sim.ko failed"; }
      cp "$src/gpio-sim.ko" "$sim_module"
    fi
    ;;
esac

# Modules to load, dependencies first.
modules=()
add_module() {  # a file name; its dependencies are looked up in the kernel's module tree
  local file="$1" dependency
  for dependency in $(modinfo -F depends "$file" | tr ',' ' '); do
    local found
    found="$(modinfo -k "$kernel" -F filename "$dependency")" || die "module $dependency not found for $kernel"
    [ "$found" = "(builtin)" ] || add_module "$found"
  done
  local present
  for present in "${modules[@]+"${modules[@]}"}"; do [ "$present" = "$file" ] && return 0; done
  modules+=("$file")
}
if [ "$(config_value CONFIGFS_FS)" = m ]; then add_module "$(modinfo -k "$kernel" -F filename configfs)"; fi
if [ -n "$sim_module" ]; then add_module "$sim_module"; fi

# --- initramfs -----------------------------------------------------------------------------------
root="$work/root"
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,modules}
cp "$busybox" "$root/bin/busybox"
load_lines=""
index=0
for module in "${modules[@]}"; do
  index=$((index + 1))
  name="$(printf '%02d-%s' "$index" "$(basename "$module")")"
  case "$module" in
    *.ko.xz) xz -dc "$module" >"$root/modules/${name%.xz}"; name="${name%.xz}" ;;
    *.ko.zst) zstd -qdc "$module" >"$root/modules/${name%.zst}"; name="${name%.zst}" ;;
    *.ko.gz) gzip -dc "$module" >"$root/modules/${name%.gz}"; name="${name%.gz}" ;;
    *) cp "$module" "$root/modules/$name" ;;
  esac
  load_lines+="insmod /modules/$name || echo 'init: insmod $name failed'"$'\n'
done

cp "$binary" "$root/tessera_gpio_tests"
# Shared libraries at the paths the binary looks for them, and the dynamic loader.
for library in $(ldd "$binary" | awk '/=> \//{print $3} /^[[:space:]]*\/[^ ]*ld-linux/{print $1}'); do
  mkdir -p "$root$(dirname "$library")"
  cp -L "$library" "$root$library"
done

cat >"$root/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
${load_lines}mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
echo "TESSERA-GPIO-SIM-START kernel \$(uname -r)"
cd /tmp
/tessera_gpio_tests --gtest_filter='GpioSim.*' --gtest_color=no
echo "$marker=\$?"
poweroff -f
EOF
chmod +x "$root/init"

initramfs="$work/initramfs.cpio"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$initramfs"

# --- boot ----------------------------------------------------------------------------------------
log="$work/console.log"
vm_status=0
# Boots the VM with the given accelerator options. With a start deadline (seconds), gives up (status
# 125) if the tests have not started by then: nested KVM can hang in the firmware.
boot() {
  local deadline="$1"; shift
  : >"$log"
  timeout "$vm_timeout" qemu-system-x86_64 "$@" -m 512 -smp 1 -nographic -no-reboot \
    -kernel "/boot/vmlinuz-$kernel" -initrd "$initramfs" \
    -append "console=ttyS0 quiet panic=-1" </dev/null >"$log" 2>&1 &
  local pid=$! waited=0
  if [ "$deadline" -gt 0 ]; then
    until grep -q 'TESSERA-GPIO-SIM-START' "$log" || ! kill -0 "$pid" 2>/dev/null; do
      if [ "$waited" -ge $((deadline * 10)) ]; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        return 125
      fi
      sleep 0.1
      waited=$((waited + 1))
    done
    if ! grep -q 'TESSERA-GPIO-SIM-START' "$log"; then  # QEMU ended before the tests started
      wait "$pid" 2>/dev/null || true
      return 125
    fi
  fi
  vm_status=0
  wait "$pid" || vm_status=$?
}

kvm_usable=0
if [ "${TESSERA_GPIO_SIM_KVM:-1}" = 1 ] && (exec 3<>/dev/kvm) 2>/dev/null; then kvm_usable=1; fi
size="$(du -h "$initramfs" | cut -f1)"
booted=0
if [ "$kvm_usable" = 1 ]; then
  say "booting vmlinuz-$kernel under KVM (initramfs $size, timeout ${vm_timeout}s)"
  if boot 10 -enable-kvm; then
    booted=1
  else
    say "KVM did not reach the tests in 10 s (nested virtualisation?): falling back to TCG"
    sed -n '1,5p' "$log" | tr -d '\r' | grep -i 'qemu' || true
  fi
fi
if [ "$booted" = 0 ]; then
  say "booting vmlinuz-$kernel under TCG (initramfs $size, timeout ${vm_timeout}s)"
  boot 0 -accel tcg -cpu max || true
fi
tr -d '\r' <"$log" >"$log.txt"

if ! grep -q '^TESSERA-GPIO-SIM-START' "$log.txt"; then
  cat "$log.txt"
  die "the VM never reached the tests (qemu exit status $vm_status; console log above, $log.txt)"
fi
sed -n '/^TESSERA-GPIO-SIM-START/,$p' "$log.txt" | grep -v '^TESSERA-GPIO-SIM-START'
exit_line="$(grep -E "^$marker=[0-9]+$" "$log.txt" | tail -1 || true)"
if [ -z "$exit_line" ]; then
  [ "$vm_status" = 124 ] && die "the VM timed out after ${vm_timeout}s before the tests finished"
  die "no '$marker' line: the tests did not finish (qemu exit status $vm_status)"
fi
test_status="${exit_line#"$marker="}"
ran="$(grep -c '^\[ RUN      \] GpioSim\.' "$log.txt" || true)"
passed="$(grep -c '^\[       OK \] GpioSim\.' "$log.txt" || true)"
failed="$(grep -c '^\[  FAILED  \] GpioSim\.[^ ]* (' "$log.txt" || true)"
skipped="$(grep -c '^\[  SKIPPED \] GpioSim\.[^ ]* (' "$log.txt" || true)"
say "in the VM ($kernel): $ran run, $passed passed, $failed failed, $skipped skipped; $((SECONDS - started)) s in all"
echo "gpio-sim: $passed passed, $failed failed, $skipped skipped"
[ "$ran" -gt 0 ] || die "no GpioSim test ran"
[ "$skipped" -eq 0 ] && ! grep -q 'SKIPPED' "$log.txt" || die "GpioSim tests were skipped in the VM (the reason is printed above)"
if [ "$test_status" != 0 ]; then exit "$test_status"; fi
[ "$passed" -eq "$ran" ] || die "$ran ran but only $passed passed"
exit 0
